import {
  PROMOTION_FILE_MAX_BYTES,
  PROMOTION_FILE_TOO_LARGE,
  PROMOTION_MAX_CODES,
  PROMOTION_NAME_MAX,
  PROMOTION_NOT_CSV,
  PROMOTION_PLATFORMS,
  promotionFormSchema,
} from '@core/billing/admin-validation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { DropZone } from '@/components/ui/drop-zone/drop-zone';
import { TextField } from '@/components/ui/form/fields';
import { useToast } from '@/components/ui/toast/toast';
import { useAddPromotion } from '../api/promotions';
import { asOptions, ErrorLine, SelectField } from './fields';
import '../admin-money.css';

const TABS = [
  { id: 'create', label: 'Create', disabled: false },
  { id: 'update', label: 'Update', disabled: true },
  { id: 'view', label: 'View', disabled: true },
] as const;

/** /home/promotion (docs/billing.md, "The pages"): tabs Create, Update and View; only Create works. */
export function PromotionPage() {
  const tabsId = useId();
  return (
    <div className="fg-page fg-admin-money">
      <header className="fg-page__header">
        <h1>Promotion</h1>
        <p>Create a batch of one-time promotion codes from a CSV file. Each code can be redeemed once on the coupon page.</p>
      </header>
      <div role="tablist" aria-label="Promotion" className="fg-admin-tabs">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${tabsId}-${tab.id}`}
            aria-selected={tab.id === 'create'}
            aria-controls={tab.id === 'create' ? `${tabsId}-panel` : undefined}
            disabled={tab.disabled}
            className="fg-admin-tab"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-create`}>
        <CreatePromotion />
      </div>
    </div>
  );
}

function CreatePromotion() {
  const toast = useToast();
  const addPromotion = useAddPromotion();
  const [promotionName, setPromotionName] = useState('');
  const [platform, setPlatform] = useState<(typeof PROMOTION_PLATFORMS)[number] | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const checked = promotionFormSchema.safeParse({ promotionName, platform });
  const fieldError = (field: 'promotionName' | 'platform') =>
    checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message;
  const nameError = promotionName || touched ? fieldError('promotionName') : undefined;
  const platformError = touched ? fieldError('platform') : undefined;

  const submit = async () => {
    setTouched(true);
    if (!checked.success || !file) return;
    setSaving(true);
    setServerError(null);
    try {
      const created = await addPromotion.mutateAsync({ file, promotionName: checked.data.promotionName, platform: checked.data.platform });
      toast.success(`Promotion ${created.promotionName} created with ${created.codeCount} codes.`);
      setPromotionName('');
      setPlatform('');
      setFile(null);
      setTouched(false);
      setFormKey((key) => key + 1);
    } catch (failure) {
      setServerError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      key={formKey}
      className="fg-admin-form fg-admin-promotion"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Promotion name"
        autoComplete="off"
        value={promotionName}
        onChange={(event) => setPromotionName(event.target.value)}
        hasError={Boolean(nameError)}
        errorMessage={nameError}
        descriptiveText={`At most ${PROMOTION_NAME_MAX} characters.`}
      />
      <SelectField
        label="Platform"
        value={platform}
        options={asOptions(PROMOTION_PLATFORMS)}
        emptyLabel="Choose…"
        onChange={setPlatform}
        invalid={Boolean(platformError)}
      />
      <ErrorLine message={platformError} />
      <p className="fg-admin-hint">
        A .csv file with one code per row (3 to 64 letters, digits, - or _), at most {PROMOTION_MAX_CODES} codes and {PROMOTION_FILE_MAX_BYTES / 1024}{' '}
        KB.
      </p>
      <DropZone
        accept={{ 'text/csv': ['.csv'] }}
        maxSize={PROMOTION_FILE_MAX_BYTES}
        messages={{
          prompt: 'Drop your CSV file here',
          invalidType: PROMOTION_NOT_CSV,
          tooLarge: PROMOTION_FILE_TOO_LARGE,
          tooMany: 'Choose one file.',
        }}
        onFiles={([chosen]) => {
          setServerError(null);
          setFile(chosen);
        }}
      />
      {file ? <p className="fg-admin-file">Chosen: {file.name}</p> : <ErrorLine message={touched ? 'Choose a .csv file.' : null} />}
      <ErrorLine message={serverError} />
      <div className="fg-admin-actions">
        <Button type="submit" variation="primary" isLoading={saving} loadingText="Creating…">
          Create
        </Button>
      </div>
    </form>
  );
}
