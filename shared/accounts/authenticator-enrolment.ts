import { generateSecret, generateURI } from "otplib";

const TOTP_ISSUER = "Marketplace";

/** A new authenticator secret and the otpauth:// URL an app scans to add it, labelled with the store. */
export const newAuthenticatorEnrolment = (
  name: string,
  email: string,
): { readonly totp_secret: string; readonly otpauth_url: string } => {
  const secret = generateSecret();
  return {
    totp_secret: secret,
    otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: `${name} (${email})`, secret }),
  };
};
