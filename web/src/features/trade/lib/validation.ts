import { MSG, placeTradeSchema, type TradeSetting } from '@app/shared';

/**
 * The trade card's rules (user-side spec §5 "Trade"), checked in the spec's order with the
 * contract's own amount rule, so the card and the server agree on what is valid.
 */

export type TradeInput = {
  /** The amount as typed. */
  amountText: string;
  /** The selected account's balance; null when signed out or not known yet. */
  balance: number | null;
  setting: TradeSetting | null;
  /** A trade is being placed, counted down or settled. */
  inProgress: boolean;
  signedIn: boolean;
};

export type TradeCheck = { ok: true; amount: number } | { ok: false; message: string };

/**
 * The amount if it is a valid stake (plain digits, above 0, at most two decimals), else null.
 * Spaces around what was typed are the field's, not the amount's: the API gets the digits.
 */
export function parseAmount(text: string): number | null {
  const parsed = placeTradeSchema.shape.amount.safeParse(text.trim());
  return parsed.success ? parsed.data : null;
}

/** The first rule a trade breaks, or the amount to place. Signed out, the balance is not checked here. */
export function checkTrade(input: TradeInput): TradeCheck {
  const amount = parseAmount(input.amountText);
  if (amount === null) return { ok: false, message: MSG.tradeAmountInvalid };
  if (input.signedIn && (input.balance === null || amount > input.balance)) {
    return { ok: false, message: MSG.insufficientBalance };
  }
  if (!input.setting) return { ok: false, message: MSG.selectTradeSetting };
  return { ok: true, amount };
}

/**
 * Trade Up / Trade Down are enabled only when the amount is valid, within balance, a setting is
 * selected and no trade is in progress. A visitor may press them: that asks them to log in.
 */
export function canTrade(input: TradeInput): boolean {
  return !input.inProgress && checkTrade(input).ok;
}

/** The message under the form: none until the amount was touched, except a missing setting. */
export function formMessage(input: TradeInput, touched: boolean): string | null {
  const result = checkTrade(input);
  if (result.ok) return null;
  if (!touched && result.message !== MSG.selectTradeSetting) return null;
  return result.message;
}
