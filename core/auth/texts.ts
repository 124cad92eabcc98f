/**
 * What the account flows say: the forms' messages and the auth API's answers (the spec's texts letter for letter where
 * it gives them: docs/accounts.md, docs/validation.md). Plain text with no zod, so the sign-in page loads them without
 * the full zod build.
 */

export const MESSAGES = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter a password',
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: 'Full name must be at most 100 characters.',
  fullNameUnsafe: 'Full name must not contain control characters, direction overrides or broken characters.',
  fullNameMarkup: 'Full name must not contain < or >.',
  fullNameLink: 'Full name must not contain a web address, a domain or an e-mail address.',
  passwordUnsafe: 'Password must not contain control characters, direction overrides or broken characters.',
  passwordTooLong: 'Password must be at most 256 characters.',
  codeInvalid: 'Please enter a valid code',
  signUpPasswordsDiffer: "Passwords don't match",
  resetPasswordsDiffer: 'Passwords do not match',
} as const;

/**
 * What the auth API answers (GraphQL error message), in the spec's words where it gives them (docs/accounts.md).
 * The web shows these as they come; `wrongPassword` is the one with a number in it.
 */
export const AUTH_ERRORS = {
  emailNotFound: 'Email not found',
  wrongPassword: (triesLeft: number) => `Wrong password. You still have ${triesLeft} tries left.`,
  tryLimit: 'Error logging in user. You have reached your try limit.',
  signedUpWithDiscord: "You've signed up using Discord. Please use Discord to log back in.",
  noDiscordId: 'Error logging in user. No discord ID found. Please sign up using Discord.',
  discordEmailUnverified: 'Error logging in user. Please verify your email address with Discord, then try again.',
  discordFailed: 'Error logging in user. Discord sign-in failed. Please try again.',
  disabled: 'Your account has been disabled. Please contact support.',
  emailExists: 'User with that email already exists. Please login.',
  roleNotAllowed: "You can't sign up with that role.",
  userNotFound: 'User not found. Please sign up',
  invalidCode: 'Invalid or expired code.',
  passwordRefused: 'This password cannot be used. Please choose another one.',
  codeAttemptsUsed: 'Too many attempts. Please request a new code.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;
