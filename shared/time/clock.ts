/** Where a service reads the time; passed in so tests can fix it. */
export type Clock = () => Date;

/** The machine's clock. */
export const systemClock: Clock = () => new Date();
