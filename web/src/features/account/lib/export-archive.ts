import type { DataExportSection } from '../api/data-export';

/** A record's value as one CSV cell: nested values (a day's pillars, its answers) as JSON. */
const cellOf = (value: unknown): string | number | boolean | null =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);

/** The export's file name for a kind of record: `User` -> `user`, `MemberDay` -> `member-day`. */
export const sectionFileName = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-') || 'records';

/**
 * The data export as a zip: per kind of record a JSON file (the records as stored) and a CSV file (one row per record,
 * one column per field), and a README. fflate and papaparse are loaded only when the user asks for the export.
 */
export async function dataArchive(generatedAt: string, sections: readonly DataExportSection[]): Promise<Uint8Array> {
  const [{ zipSync, strToU8 }, { default: Papa }] = await Promise.all([import('fflate'), import('papaparse')]);
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(
      [
        `Everything FitGauge stores about you, as of ${generatedAt}.`,
        'Each kind of record is in a JSON file (as stored) and a CSV file (one row per record; nested values as JSON).',
      ].join('\n'),
    ),
  };
  for (const section of sections) {
    const records = JSON.parse(section.records) as Record<string, unknown>[];
    const fields = [...new Set(records.flatMap((record) => Object.keys(record)))].sort();
    const name = sectionFileName(section.name);
    files[`${name}.json`] = strToU8(JSON.stringify(records, null, 2));
    files[`${name}.csv`] = strToU8(Papa.unparse({ fields, data: records.map((record) => fields.map((field) => cellOf(record[field]))) }));
  }
  return zipSync(files);
}

/** Hands bytes to the browser as a download. */
export function download(bytes: Uint8Array, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; release it once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
