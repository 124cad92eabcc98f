import { callApi, gqlOperation } from '@/lib/api-client';

/** Proving the signed-in account's mailbox (docs/accounts.md, "Proving your mailbox"): the calls the code dialog makes. */
const emailVerifiedQuery = gqlOperation(/* GraphQL */ `
  query EmailVerified {
    me {
      email
      emailVerified
    }
  }
`);

const sendEmailProofMutation = gqlOperation(/* GraphQL */ `
  mutation SendEmailProof {
    sendEmailProof
  }
`);

const proveEmailMutation = gqlOperation(/* GraphQL */ `
  mutation ProveEmail($code: String!) {
    proveEmail(code: $code)
  }
`);

/** The signed-in account's e-mail and whether its mailbox is proven. */
export async function getEmailProofState(): Promise<{ email: string; proven: boolean } | null> {
  const me = (await callApi(emailVerifiedQuery)).me;
  return me ? { email: me.email, proven: me.emailVerified === true } : null;
}

export async function sendEmailProof(): Promise<boolean> {
  return (await callApi(sendEmailProofMutation)).sendEmailProof;
}

export async function proveEmail(code: string): Promise<boolean> {
  return (await callApi(proveEmailMutation, { code })).proveEmail;
}
