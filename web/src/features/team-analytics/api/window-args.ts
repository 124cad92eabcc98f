import type { WindowChoice } from '@/components/charts/chart-data';

/** A window as the statistics reads take it: `days` back from today, or a range of score days. */
type WindowArgs = { days?: number; startDate?: string; endDate?: string };

export const windowArgs = (choice: WindowChoice): WindowArgs =>
  'days' in choice ? { days: choice.days } : { startDate: choice.startDate, endDate: choice.endDate };
