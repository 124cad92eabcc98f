/** The account feature's query keys: every cached read of the signed-in user's own settings starts with `account`. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  reminders: () => [...accountKeys.all, 'reminders'] as const,
};
