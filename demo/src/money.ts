// Amounts are whole cents, so that sums never round.
export type Cents = number;

export function formatCents(amount: Cents): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function addTax(amount: Cents, rate: number): Cents {
  return amount + Math.round(amount * rate);
}
