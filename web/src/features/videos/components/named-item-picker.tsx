import { Flex } from '@/components/ui/themed/primitives';
import { Button } from '@/components/ui/button/button';
import { NAME_MAX } from '@core/videos';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { AddItemDialog } from '@/components/ui/dialog/add-item-dialog';
import { FormSelectField } from '@/components/ui/form/form-choice-fields';
import type { NamedItemApi } from '../api/instructors-and-series';
import { deleteConfirmation } from '../lib/messages';

interface NamedItemPickerProps {
  /** 'Instructor' or 'Series': the select's label and the dialogs' words. */
  label: string;
  items: readonly { id: string; name: string }[];
  selectedId: string;
  registration: UseFormRegisterReturn;
  api: NamedItemApi;
  /** After a change on the server (the lists asked again): a created item is chosen (its id), a deleted one cleared (''). */
  onChanged: (choose?: string) => Promise<void>;
  /** Shows the server's refusal (a duplicate name) in the Oops! dialog; false when that message is not shown there. */
  onError: (error: unknown) => boolean;
}

type Dialog = 'create' | 'rename' | 'delete' | null;

/**
 * A select of instructors or series with the buttons that manage them (docs/product.md, "Content pages"): create one
 * (it is chosen), rename or delete the chosen one (after confirmation; the server clears it from its videos).
 */
export function NamedItemPicker({ label, items, selectedId, registration, api, onChanged, onError }: NamedItemPickerProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const selected = items.find((item) => item.id === selectedId);
  const lower = label.toLowerCase();

  /** A refusal the Oops! dialog does not show stays in the open dialog, which says it under the field. */
  const run = async (change: () => Promise<string | undefined>) => {
    try {
      await onChanged(await change());
      setDialog(null);
    } catch (error) {
      if (!onError(error)) throw error;
      setDialog(null);
    }
  };

  const remove = async () => {
    if (!selected) return;
    setBusy(true);
    await run(async () => {
      await api.remove(selected.id);
      return '';
    }).catch(() => setDialog(null));
    setBusy(false);
  };

  return (
    <div className="fg-named-item-picker">
      <FormSelectField
        label={label}
        autoComplete="off"
        registration={registration}
        options={[{ value: '', label: `No ${lower}` }, ...items.map((item) => ({ value: item.id, label: item.name }))]}
      />
      <Flex gap="xs" wrap="wrap">
        <Button size="small" onClick={() => setDialog('create')}>
          New {lower}
        </Button>
        <Button size="small" isDisabled={!selected} onClick={() => setDialog('rename')}>
          Rename {lower}
        </Button>
        <Button size="small" isDisabled={!selected} onClick={() => setDialog('delete')}>
          Delete {lower}
        </Button>
      </Flex>
      <AddItemDialog
        open={dialog === 'create'}
        title={`New ${lower}`}
        fieldLabel={label}
        maxLength={NAME_MAX}
        onCancel={() => setDialog(null)}
        onCreate={(name) => run(async () => (await api.create(name)).id)}
      />
      <AddItemDialog
        open={dialog === 'rename' && Boolean(selected)}
        title={`Rename ${lower}`}
        fieldLabel={label}
        maxLength={NAME_MAX}
        initialValue={selected?.name}
        submitLabel="Save"
        onCancel={() => setDialog(null)}
        onCreate={(name) => run(async () => void (await api.rename(selected!.id, name)))}
      />
      <ConfirmDialog
        open={dialog === 'delete' && Boolean(selected)}
        title={`Delete ${lower}`}
        busy={busy}
        onAccept={() => void remove()}
        onDecline={() => setDialog(null)}
      >
        <p>{deleteConfirmation(selected?.name ?? '')}</p>
      </ConfirmDialog>
    </div>
  );
}
