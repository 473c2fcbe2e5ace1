// Drives the real GitHub Copilot Chat agent (built into VS Code 1.139.1) against the fake model
// server the runner starts (test/host/fakeModel.mjs), from inside the extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { testEnv, until } from './helpers';

export const COPILOT_ID = 'GitHub.copilot-chat';
export const VENDOR = 'customendpoint';
export const STREAMED = { vendor: VENDOR, id: 'fake-model' };
export const NOT_STREAMED = { vendor: VENDOR, id: 'fake-model-nostream' };

export interface ToolCall {
  name: string;
  arguments: unknown;
  id?: string;
}
export type Turn = ({ text: string } | { toolCalls: ToolCall[] }) & { delayMs?: number };

export interface ChatMessage {
  role: string;
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}
export interface ToolDefinition {
  type: string;
  function: { name: string; description: string; parameters: unknown };
}
export interface ModelRequest {
  at: number;
  agentTurn: boolean;
  answeredAt: number;
  answered: Turn;
  /** The request body as it came over the wire. */
  raw: string;
  body: { model?: string; stream?: boolean; messages: ChatMessage[]; tools?: ToolDefinition[] };
}

async function control<T>(path: string, body?: unknown): Promise<T> {
  const base = testEnv('LSP_TOOL_FAKE_MODEL');
  assert.ok(base, 'LSP_TOOL_FAKE_MODEL is set by the runner (suite option copilot)');
  const response = await fetch(`${base}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  assert.equal(response.status, 200, `fake model ${path}`);
  return (await response.json()) as T;
}

/** Replaces the model's script (and forgets the recorded requests). */
export async function script(turns: Turn[]): Promise<void> {
  await control('/control/script', { turns });
}

export async function requests(): Promise<ModelRequest[]> {
  return control<ModelRequest[]>('/control/requests');
}

export async function agentRequests(): Promise<ModelRequest[]> {
  return (await requests()).filter((r) => r.agentTurn);
}

export async function waitForAgentRequests(count: number, timeoutMs = 60_000): Promise<ModelRequest[]> {
  return until(agentRequests, (r) => r.length >= count, `${count} agent requests to the model`, timeoutMs);
}

/** Copilot Chat is enabled and its Custom Endpoint models are registered. */
export async function copilotReady(): Promise<void> {
  const copilot = await until(() => vscode.extensions.getExtension(COPILOT_ID), Boolean, `${COPILOT_ID} is installed and enabled`, 60_000);
  await copilot!.activate();
  await until(
    async () =>
      (await vscode.lm.selectChatModels({ vendor: VENDOR }))
        .map((m) => m.id)
        .sort()
        .join(','),
    (ids) => ids === 'fake-model,fake-model-nostream',
    'the Custom Endpoint models',
    60_000,
  );
}

/** A new chat session in agent mode with the scripted model; the query goes in as the user typed it. */
export async function askAgent(query: string, options: { model?: { vendor: string; id: string }; toolsInclude?: string[]; mode?: string } = {}): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  await vscode.commands.executeCommand('workbench.action.chat.open', {
    query,
    mode: options.mode ?? 'agent',
    modelSelector: options.model ?? STREAMED,
    ...(options.toolsInclude ? { toolsInclude: options.toolsInclude } : {}),
  });
}

export function textOfMessage(message: ChatMessage | undefined): string {
  if (!message) return '';
  const { content } = message;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => p.text ?? '').join('');
  return '';
}

export function toolMessages(request: ModelRequest): ChatMessage[] {
  return request.body.messages.filter((m) => m.role === 'tool');
}
