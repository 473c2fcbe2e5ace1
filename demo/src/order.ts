import { type Cents } from './money';

export interface LineItem {
  sku: string;
  unitPrice: Cents;
  quantity: number;
}

export interface Order {
  id: string;
  customer: string;
  items: LineItem[];
}

export function lineTotal(item: LineItem): Cents {
  return item.unitPrice * item.quantity;
}

export function orderTotal(order: Order): Cents {
  let sum = 0;
  for (const item of order.items) sum += lineTotal(item);
  return sum;
}
