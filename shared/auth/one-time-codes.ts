import { verify } from "otplib";

/** RFC 6238 with a 30-second step; one step either side is accepted for clock drift. */
const STEP_SECONDS = 30;

/** The time step a code belongs to, if it is valid for `secret` at `now` (±1 step); undefined otherwise. */
export const matchingTimeStep = async (
  secret: string,
  code: string,
  now: Date,
): Promise<number | undefined> => {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: STEP_SECONDS,
  });
  // The functional API types HOTP and TOTP results together; only a TOTP match carries its step.
  return result.valid && "timeStep" in result && typeof result.timeStep === "number"
    ? result.timeStep
    : undefined;
};
