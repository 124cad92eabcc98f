import { useMutation } from '@tanstack/react-query';
import type { AddPromotionMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

type CreatedPromotion = AddPromotionMutation['addPromotion'];

const addPromotionMutation = gqlOperation(/* GraphQL */ `
  mutation AddPromotion($file: PromotionFileInput!, $promotionName: String!, $platform: PromotionPlatform!) {
    addPromotion(file: $file, promotionName: $promotionName, platform: $platform) {
      id
      promotionName
      codeCount
    }
  }
`);

/** The file's bytes in base64, as addPromotion takes them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/**
 * Creates a promotion from its CSV file. Like a plain call, it fails at once without a connection (networkMode
 * 'always') rather than waiting for one.
 */
export const useAddPromotion = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: async ({ file, promotionName, platform }: { file: File; promotionName: string; platform: string }): Promise<CreatedPromotion> =>
      (await callApi(addPromotionMutation, { file: { name: file.name, content: await base64Of(file) }, promotionName, platform })).addPromotion,
  });
