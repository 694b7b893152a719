/** An amount in whole roubles as the dashboard writes it: `1,500 RUB`. */
export const roubles = (amount: number | string): string => `${Number(amount).toLocaleString("en-US")} RUB`;

/** A whole number with thousands separators. */
export const whole = (value: number): string => value.toLocaleString("en-US");

/** `1 code` or `3 codes`. */
export const counted = (value: number, noun: string, plural = `${noun}s`): string =>
  `${whole(value)} ${value === 1 ? noun : plural}`;
