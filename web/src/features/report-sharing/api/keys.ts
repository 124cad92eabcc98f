import type { ReportAcceptance } from '@core/report-sharing';

/** The report sharing's query keys. */
export const reportSharingKeys = {
  all: ['report-sharing'] as const,
  /** The gamer's shares (his page lists them; sharing and stopping read them again). */
  shares: () => [...reportSharingKeys.all, 'shares'] as const,
  /** A recap e-mail link's answer, applied once per share and answer. */
  activation: (shareId: string | undefined, acceptance: ReportAcceptance) => [...reportSharingKeys.all, 'activate', shareId, acceptance] as const,
};
