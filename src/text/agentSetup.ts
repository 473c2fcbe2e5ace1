// The one-time setup that connects a terminal agent to the window's MCP server, in each agent's own
// config format. Every snippet names the environment variables, never their values: the token is
// per window and must not be written into a file.

import { Mcp } from '../ids';

/** The name the setup gives our server in the agent's config: Claude Code calls its tools mcp__lsp-tool__lsp. */
export const MCP_SERVER_NAME = 'lsp-tool';
export const MCP_URL_VARIABLE = Mcp.urlVariable;
export const MCP_TOKEN_VARIABLE = Mcp.tokenVariable;

export const AGENT_IDS = ['claudeCode', 'codex', 'gemini', 'copilotCli'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

export type SnippetLanguage = 'sh' | 'json' | 'toml';

/** One thing the person does: run a command, or add text to a file. */
export interface SetupStep {
  readonly kind: 'run' | 'addToFile';
  /** For addToFile: the file, as the agent's documentation names it. */
  readonly file?: string;
  readonly language: SnippetLanguage;
  readonly code: string;
  /** An alternative to the step before it, not a further step. */
  readonly alternative?: boolean;
}

export interface AgentSetup {
  readonly id: AgentId;
  /** The agent's product name (not translated). */
  readonly name: string;
  /** The documentation the format was checked against. */
  readonly docsUrl: string;
  readonly steps: readonly SetupStep[];
}

const url = `\${${MCP_URL_VARIABLE}}`;
const authorization = `Bearer \${${MCP_TOKEN_VARIABLE}}`;
const json = (value: unknown): string => JSON.stringify(value, null, 2);

function claudeCodeSetup(): AgentSetup {
  // Single quotes keep the shell from expanding: Claude Code stores ${VAR} and expands it when it starts.
  return {
    id: 'claudeCode',
    name: 'Claude Code',
    docsUrl: 'https://code.claude.com/docs/en/mcp',
    steps: [
      {
        kind: 'run',
        language: 'sh',
        code: `claude mcp add --transport http --scope user ${MCP_SERVER_NAME} '${url}' --header 'Authorization: ${authorization}'`,
      },
      {
        kind: 'addToFile',
        alternative: true,
        file: '.mcp.json',
        language: 'json',
        code: json({ mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url, headers: { Authorization: authorization } } } }),
      },
    ],
  };
}

function codexSetup(): AgentSetup {
  // Codex reads the token from a variable (bearer_token_env_var) but takes its url literally, and the
  // port differs per window: the url comes from the environment on each start, through -c. Its
  // calls need no approval setting: our tools say readOnlyHint (src/mcp/listing.ts).
  return {
    id: 'codex',
    name: 'Codex CLI',
    docsUrl: 'https://developers.openai.com/codex/mcp',
    steps: [
      {
        kind: 'addToFile',
        file: '~/.bashrc',
        language: 'sh',
        code: [
          'codex() {',
          `  if [ -n "$${MCP_URL_VARIABLE}" ]; then`,
          `    command codex -c "mcp_servers.${MCP_SERVER_NAME}.url=\\"$${MCP_URL_VARIABLE}\\"" -c 'mcp_servers.${MCP_SERVER_NAME}.bearer_token_env_var="${MCP_TOKEN_VARIABLE}"' "$@"`,
          '  else',
          '    command codex "$@"',
          '  fi',
          '}',
        ].join('\n'),
      },
    ],
  };
}

function geminiSetup(): AgentSetup {
  return {
    id: 'gemini',
    name: 'Gemini CLI',
    docsUrl: 'https://geminicli.com/docs/tools/mcp-server',
    steps: [
      {
        kind: 'addToFile',
        file: '~/.gemini/settings.json',
        language: 'json',
        // trust: our read-only tools run without a confirmation, and without an approval mode
        // Gemini offers no MCP tool to the model in `gemini -p`.
        code: json({ mcpServers: { [MCP_SERVER_NAME]: { httpUrl: url, headers: { Authorization: authorization }, trust: true } } }),
      },
    ],
  };
}

function copilotCliSetup(): AgentSetup {
  // Copilot expands ${VAR} in headers but not in url ("url: Invalid url"): the function puts the
  // window's url into --additional-mcp-config and leaves the token's reference for Copilot.
  const config = JSON.stringify({
    mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url: '@URL@', headers: { Authorization: authorization }, tools: ['*'] } },
  }).replace('@URL@', `'"$${MCP_URL_VARIABLE}"'`);
  return {
    id: 'copilotCli',
    name: 'GitHub Copilot CLI',
    docsUrl: 'https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers',
    steps: [
      {
        kind: 'addToFile',
        file: '~/.bashrc',
        language: 'sh',
        code: [
          'copilot() {',
          `  if [ -n "$${MCP_URL_VARIABLE}" ]; then`,
          `    command copilot --additional-mcp-config '${config}' "$@"`,
          '  else',
          '    command copilot "$@"',
          '  fi',
          '}',
        ].join('\n'),
      },
    ],
  };
}

/** The setup for one agent. */
export function agentSetup(id: AgentId): AgentSetup {
  switch (id) {
    case 'claudeCode':
      return claudeCodeSetup();
    case 'codex':
      return codexSetup();
    case 'gemini':
      return geminiSetup();
    case 'copilotCli':
      return copilotCliSetup();
  }
}

/** The prose around the snippets, translated by the caller. */
export interface SetupStrings {
  /** `# Connect {agent} to this VS Code window` */
  heading(agent: string): string;
  /** Why the setup refers to variables, and where they are set. */
  intro(urlVariable: string, tokenVariable: string): string;
  run: string;
  addToFile(file: string): string;
  /** Before an alternative step. */
  orAddToFile(file: string): string;
  /** A file that may already hold other servers. */
  merge: string;
  /** After the steps: start the agent in an integrated terminal. */
  then(agent: string): string;
  docs(url: string): string;
}

/** The setup as one Markdown document. */
export function setupMarkdown(setup: AgentSetup, strings: SetupStrings): string {
  const parts = [`# ${strings.heading(setup.name)}`, strings.intro(MCP_URL_VARIABLE, MCP_TOKEN_VARIABLE)];
  for (const step of setup.steps) {
    if (step.kind === 'run') parts.push(strings.run);
    else
      parts.push(
        `${step.alternative ? strings.orAddToFile(step.file ?? '') : strings.addToFile(step.file ?? '')}${step.language === 'json' ? ` ${strings.merge}` : ''}`,
      );
    parts.push(`\`\`\`${step.language}\n${step.code}\n\`\`\``);
  }
  parts.push(strings.then(setup.name), strings.docs(setup.docsUrl));
  return `${parts.join('\n\n')}\n`;
}
