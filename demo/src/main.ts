import { checkout } from './checkout';
import { type Order } from './order';
import { BankTransfer, CardPayment, GiftCard } from './payments';

const orders: Order[] = [
  { id: 'A-1001', customer: 'Ada', items: [{ sku: 'keyboard', unitPrice: 4999, quantity: 1 }] },
  { id: 'A-1002', customer: 'Grace', items: [{ sku: 'cable', unitPrice: 899, quantity: 3 }] },
  { id: 'A-1003', customer: 'Linus', items: [{ sku: 'mug', unitPrice: 1250, quantity: 2 }] },
];

console.log(checkout(orders[0]!, new CardPayment('4242')));
console.log(checkout(orders[1]!, new BankTransfer('DE89370400440532013000')));
console.log(checkout(orders[2]!, new GiftCard(5000)));
