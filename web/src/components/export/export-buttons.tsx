import { Button } from '@/components/ui/button/button';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast/toast';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/export/spreadsheet-export';

interface ExportButtonsProps {
  /** What is exported, for the buttons' names ("Export statistics as xlsx"). */
  what: string;
  disabled?: boolean;
  onExport: (format: ExportFormat) => Promise<void>;
}

/** One button per export format; a failed export says so in a toast. */
export function ExportButtons({ what, disabled = false, onExport }: ExportButtonsProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const toast = useToast();
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await onExport(format);
    } catch (error) {
      toast.error(`The export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="fg-export-buttons" role="group" aria-label={`Export ${what}`}>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="small"
          isDisabled={disabled || busy !== null}
          isLoading={busy === format}
          onClick={() => void run(format)}
          aria-label={`Export ${what} as ${format}`}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}
