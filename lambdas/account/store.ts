import { defineItem } from '../lib/db/item';
import { userPartition } from '../lib/db/keys';
import { oneTimeCodeItems, type OneTimeCodeFields } from '../lib/stores/one-time-code';

/** An account's live e-mail proof code (docs/accounts.md, "Proving your mailbox"). Only a salted hash is kept. */
export interface EmailProofRecord extends OneTimeCodeFields {
  /** The address the code was mailed to: proving it proves this address only. */
  email: string;
}

export interface EmailProofStore {
  /** Stores a new code, replacing the account's earlier one. */
  put(record: EmailProofRecord): Promise<void>;
  /**
   * Counts one guess against the live code before it is checked (one conditional ADD), so parallel guesses cannot pass
   * `maxGuesses`. The code as counted; 'attempts-used' when it already had `maxGuesses`; null when there is no live code.
   */
  reserveGuess(userId: string, now: Date, maxGuesses: number): Promise<EmailProofRecord | 'attempts-used' | null>;
  /** Deletes this code if it is still the live one; false when it was already spent or replaced. */
  spend(userId: string, codeHash: string): Promise<boolean>;
}

function toRecord(item: Record<string, any>): EmailProofRecord {
  const { userId, email, codeHash, salt, attempts, expiresAt, createdAt } = item;
  return { userId, email, codeHash, salt, attempts, expiresAt, createdAt };
}

/** The account's one live e-mail proof code (hash only; expires with the code). */
const emailProofItem = defineItem<EmailProofRecord>()({
  type: 'EmailProof',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'EMAIL_PROOF' }),
  decode: toRecord,
});

export const dynamoEmailProofStore: EmailProofStore = oneTimeCodeItems(emailProofItem);
