import { useMutation } from '@tanstack/react-query';
import type { MyDataExportQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { dataArchive, download } from '../lib/export-archive';

/** One kind of record of the export: its records as a JSON array. */
export type DataExportSection = MyDataExportQuery['myDataExport']['sections'][number];

const dataExportQuery = gqlOperation(/* GraphQL */ `
  query MyDataExport {
    myDataExport {
      userId
      generatedAt
      sections {
        name
        records
      }
    }
  }
`);

/** Everything stored about the user, fetched and handed to the browser as a zip of JSON and CSV files. */
export function useDownloadDataExport({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async () => {
      const { generatedAt, sections } = (await callApi(dataExportQuery)).myDataExport;
      download(await dataArchive(generatedAt, sections), `fitgauge-data-${generatedAt.slice(0, 10)}.zip`, 'application/zip');
    },
    onSuccess,
  });
}
