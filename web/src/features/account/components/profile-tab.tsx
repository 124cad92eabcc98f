import { zodResolver } from '@hookform/resolvers/zod';
import { AVATAR_MAX_BYTES } from '@core/avatars';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_PROOF_MESSAGES } from '@core/email-proof';
import { EmailProofDialog } from '@/components/email-proof/email-proof-dialog';
import { Button } from '@/components/ui/button/button';
import { DropZone } from '@/components/ui/drop-zone/drop-zone';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { TextField } from '@/components/ui/form/fields';
import { FormSelectField } from '@/components/ui/form/form-choice-fields';
import { FormTextField } from '@/components/ui/form/form-fields';
import { useToast } from '@/components/ui/toast/toast';
import { LeaveGuard } from '@/components/ui/leave-guard/leave-guard';
import { AVATAR_ACCEPT, AVATAR_FILE_MESSAGES } from '@/lib/avatar-upload';
import { type AccountProfile, useRefreshAfterEmailProof, useSaveProfile } from '../api/profile';
import { type ProfileForm, profileChanges, profileFormOf, profileFormSchema, type ProfileFormInput, timeZoneOptions } from '../lib/account-forms';
import { AccountProfileGate } from './account-profile-gate';
import { AppearanceSection } from './appearance-section';

const PROFILE_SAVED = 'Profile saved.';

/** /home/account: full name, username, avatar (the presigned upload), the zone of the score days, units; this device's theme. */
export function ProfileTab() {
  return (
    <>
      <AccountProfileGate>{(profile) => <ProfileFormView profile={profile} />}</AccountProfileGate>
      <AppearanceSection />
    </>
  );
}

/** Whether the e-mail's mailbox is proven, and the code dialog that proves it (docs/accounts.md, "Proving your mailbox"). */
function EmailProofStatus({ profile }: { profile: AccountProfile }) {
  const refresh = useRefreshAfterEmailProof();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  if (profile.emailVerified) return <p className="fg-account__note">Your e-mail address is confirmed.</p>;
  return (
    <div className="fg-account__note">
      <p>Your e-mail address is not confirmed yet. A free trial and coupons need a confirmed address.</p>
      <Button onClick={() => setOpen(true)}>Confirm my e-mail</Button>
      <EmailProofDialog
        open={open}
        email={profile.email}
        onClose={() => setOpen(false)}
        onProven={() => {
          setOpen(false);
          toast.success(EMAIL_PROOF_MESSAGES.proven);
          refresh();
        }}
      />
    </div>
  );
}

function ProfileFormView({ profile }: { profile: AccountProfile }) {
  const toast = useToast();
  const [avatar, setAvatar] = useState<File | null>(null);
  const preview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const form = useForm<ProfileFormInput, unknown, ProfileForm>({ resolver: zodResolver(profileFormSchema), defaultValues: profileFormOf(profile) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const zones = useMemo(
    () => timeZoneOptions(profile.timeZone ?? 'UTC').map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [profile.timeZone],
  );

  // Once saved, the form takes its new values; then the frame's name and avatar and every tab read the profile again.
  const saveProfile = useSaveProfile({
    onSaved: () => {
      setAvatar(null);
      form.reset(form.getValues());
    },
  });

  const save = async (fields: ProfileForm) => {
    try {
      await saveProfile.mutateAsync({ id: profile.id, changes: profileChanges(profile, fields), avatar });
      toast.success(PROFILE_SAVED);
    } catch (reason) {
      toast.error(reason instanceof Error ? reason.message : String(reason));
    }
  };

  return (
    <form className="fg-account__form" aria-label="Profile" onSubmit={form.handleSubmit(save)} noValidate>
      <FormTextField label="Full name" autoComplete="name" maxLength={20} registration={form.register('fullName')} error={errors.fullName?.message} />
      <FormTextField
        label="Username"
        autoComplete="nickname"
        maxLength={20}
        registration={form.register('username')}
        error={errors.username?.message}
        description="Optional, 2 to 20 characters."
      />
      <TextField label="E-mail" type="email" value={profile.email} readOnly descriptiveText="Your sign-in e-mail; it cannot be changed here." />
      <EmailProofStatus profile={profile} />
      <div>
        <span className="fg-account__label">Avatar</span>
        {preview || profile.avatar ? (
          <img className="fg-account__avatar" src={preview ?? profile.avatar!} alt={avatar ? `Chosen avatar ${avatar.name}` : 'Your avatar'} />
        ) : null}
        <DropZone
          accept={AVATAR_ACCEPT}
          maxSize={AVATAR_MAX_BYTES}
          messages={{ prompt: 'Drop your avatar here', ...AVATAR_FILE_MESSAGES }}
          onFiles={([file]) => setAvatar(file ?? null)}
        />
      </div>
      <FormSelectField
        label="Time zone"
        autoComplete="off"
        options={zones}
        registration={form.register('timeZone')}
        error={errors.timeZone?.message}
        description="Your score days end at 4 am in this zone. A change takes effect from your next score day."
      />
      <div>
        <CheckboxField label="Use metric units (kg, cm)" aria-describedby="fg-account-units-note" {...form.register('preferMetricUnits')} />
        <p id="fg-account-units-note" className="fg-section-note">
          For body measurements (kg and cm, or lb and in) once FitGauge asks for them; no page shows one yet, and the check-in counts water in glasses
          either way.
        </p>
      </div>
      <LeaveGuard when={(isDirty || avatar !== null) && !isSubmitting} />
      <div className="fg-account__actions">
        <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Saving…">
          Save profile
        </Button>
      </div>
    </form>
  );
}
