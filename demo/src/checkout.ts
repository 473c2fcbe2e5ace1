import { addTax } from './money';
import { orderTotal, type Order } from './order';
import { type PaymentMethod } from './payments';
import { printReceipt } from './receipt';

export const TAX_RATE = 0.08;

export function checkout(order: Order, method: PaymentMethod): string {
  const amount = addTax(orderTotal(order), TAX_RATE);
  const receipt = method.charge(amount);
  return printReceipt(order, receipt);
}
