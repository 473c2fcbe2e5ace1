import { type Cents } from './money';

export interface Receipt {
  method: string;
  amount: Cents;
  reference: string;
}

export interface PaymentMethod {
  readonly label: string;
  charge(amount: Cents): Receipt;
}

export class CardPayment implements PaymentMethod {
  readonly label = 'card';
  constructor(private readonly last4: string) {}

  charge(amount: Cents): Receipt {
    return { method: `${this.label} ****${this.last4}`, amount, reference: `C-${Date.now()}` };
  }
}

export class BankTransfer implements PaymentMethod {
  readonly label = 'bank transfer';
  constructor(private readonly iban: string) {}

  charge(amount: Cents): Receipt {
    return { method: `${this.label} ${this.iban.slice(0, 4)}…`, amount, reference: `B-${Date.now()}` };
  }
}

export class GiftCard implements PaymentMethod {
  readonly label = 'gift card';
  constructor(private balance: Cents) {}

  charge(amount: Cents): Receipt {
    if (amount > this.balance) throw new Error('the gift card balance is too low');
    this.balance -= amount;
    return { method: this.label, amount, reference: `G-${Date.now()}` };
  }
}
