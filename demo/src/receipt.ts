import { formatCents } from './money';
import { type Order } from './order';
import { type Receipt } from './payments';

export function printReceipt(order: Order, receipt: Receipt): string {
  const lines = [`Order ${order.id} for ${order.customer}`];
  for (const item of order.items) lines.push(`  ${item.quantity} x ${item.sku}`);
  lines.push(`Paid ${formatCents(receipt.amount)} by ${receipt.method} (${receipt.reference})`);
  return lines.join('\n');
}
