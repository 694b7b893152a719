/**
 * The field an API refusal names, so the form shows it beside that field. The v1 messages either name
 * the field (`Field 'tags' is required`) or are one of these fixed ones (shared/errors/refusals/).
 */
const FIXED: readonly [RegExp, string][] = [
  [/^Name must be between/, "name"],
  [/^Product with this name already exists$/, "name"],
  [/UUID already exists$/, "uuid"],
  [/^Invalid category id$/, "id_categories"],
  [/^Invalid price$/, "price"],
  [/^Invalid count/, "count"],
  [/^The product's count follows its uploaded codes/, "count"],
  [/^Invalid discount/, "discount"],
  [/^Invalid API URL$/, "api_url"],
  [/^Description too short/, "description"],
  [/^Invalid OTP code$/, "cod"],
  [/^Insufficient balance$/, "amount"],
  [/^Amount must be/, "amount"],
  [/^Payment system must be/, "payment_system"],
  [/^Invalid (card number|USDT wallet|payment account)/, "wallet"],
  [/^key_stock_low_threshold must be/, "key_stock_low_threshold"],
];

/** The field a refusal's message names, if it names one. */
export const refusedField = (message: string): string | undefined => {
  const named = /^Field '([a-z_]+)'/.exec(message);
  if (named) return named[1];
  return FIXED.find(([pattern]) => pattern.test(message))?.[1];
};
