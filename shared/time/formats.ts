/** Formats of dates and times the spec shows; all in UTC. */

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD`. */
export const isoDate = (at: Date): string =>
  `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;

/** `HH:MM:SS`. */
export const clockTime = (at: Date): string =>
  `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;

/** `YYYY-MM-DD HH:MM:SS`. */
export const dateTime = (at: Date): string => `${isoDate(at)} ${clockTime(at)}`;

/** `DD.MM.YYYY`. */
export const dottedDate = (at: Date): string =>
  `${pad(at.getUTCDate())}.${pad(at.getUTCMonth() + 1)}.${at.getUTCFullYear()}`;
