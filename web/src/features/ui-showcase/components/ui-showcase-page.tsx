import { chartDays, memberColour } from '@/components/charts/chart-data';
import { ScoreChart } from '@/components/charts/score-chart';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button/button';
import { TextField } from '@/components/ui/form/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { AddItemDialog } from '@/components/ui/dialog/add-item-dialog';
import { ConfirmDialog, YesNoDialog } from '@/components/ui/dialog/choice-dialog';
import { MessageDialog } from '@/components/ui/dialog/message-dialog';
import { DropZone } from '@/components/ui/drop-zone/drop-zone';
import { FormPasswordField, FormTextField } from '@/components/ui/form/form-fields';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { SearchBox } from '@/components/ui/search-box/search-box';
import { useToast } from '@/components/ui/toast/toast';
import { VideoPlayerDialog } from '@/components/ui/video-player/video-player-dialog';
import { paths } from '@/config/paths';
import '../ui-showcase.css';

// A made-up week: seven days ending on a fixed day, one day without a check-in (the line bridges it).
const DEMO_DAYS = chartDays({ startDate: '2026-01-05', endDate: '2026-01-11' });
const DEMO_LINES = [
  { id: 'ada', name: 'Ada Demo', colour: memberColour(0), values: [62, 70, null, 74, 81, 77, 85] },
  { id: 'bea', name: 'Bea Demo', colour: memberColour(1), values: [48, 52, 50, 61, null, 58, 66] },
];

interface DemoGamer {
  id: string;
  fullName: string;
  email: string;
  team: string;
  score: number;
}

const FIRST_NAMES = [
  'Ada',
  'Bea',
  'Cy',
  'Dax',
  'Eli',
  'Fay',
  'Gus',
  'Hal',
  'Ivy',
  'Jo',
  'Kai',
  'Lia',
  'Max',
  'Noa',
  'Ola',
  'Pia',
  'Quin',
  'Ray',
  'Sol',
  'Tam',
  'Uma',
  'Vic',
  'Wes',
];
const TEAMS = ['Night Owls', 'Iron Wolves'];

// Made-up rows, so the page shows the table without touching anyone's data.
const DEMO_GAMERS: DemoGamer[] = FIRST_NAMES.map((name, index) => ({
  id: `demo-${index + 1}`,
  fullName: `${name} Demo`,
  email: `${name.toLowerCase()}@example.com`,
  team: TEAMS[index % TEAMS.length]!,
  score: (index * 37) % 101,
}));

const COLUMNS: DataTableColumn<DemoGamer>[] = [
  { id: 'fullName', header: 'Name', value: (gamer) => gamer.fullName },
  { id: 'email', header: 'Email', value: (gamer) => gamer.email },
  { id: 'team', header: 'Team', value: (gamer) => gamer.team },
  { id: 'score', header: 'Score', value: (gamer) => gamer.score },
];

/** Avatars up to 10 MB (docs/teams.md, "Avatar upload"). */
const AVATAR_MAX_BYTES = 10_485_760;

// The admin user form's rule for a full name (docs/accounts.md, "Profile edits and admin actions").
const demoFormSchema = z.object({
  fullName: z.string().trim().min(2, 'Too Short!').max(20, 'Too Long!'),
  password: z.string().min(1, 'Please enter a password'),
});

type OpenDialog = 'message' | 'confirm' | 'yes-no' | 'add' | 'video' | null;

/** /home/ui (admins): every piece of the shared UI kit, working, on made-up data. */
export function UiShowcasePage() {
  return (
    <div className="fg-showcase">
      <header className="fg-showcase__header">
        <h1>UI kit</h1>
        <p>The shared pieces every page builds on, in the default dark mode. The data here is made up.</p>
      </header>
      <TableSection />
      <DialogSection />
      <DropZoneSection />
      <FormSection />
      <FeedbackSection />
      <PicturesSection />
    </div>
  );
}

function TableSection() {
  const toast = useToast();
  const [gamers, setGamers] = useState(DEMO_GAMERS);
  const [term, setTerm] = useState('');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const shown = useMemo(
    () => gamers.filter((gamer) => `${gamer.fullName} ${gamer.email}`.toLowerCase().includes(term.toLowerCase())),
    [gamers, term],
  );

  const removeSelected = () => {
    setGamers((current) => current.filter((gamer) => !selectedIds.includes(gamer.id)));
    toast.success(`Removed ${selectedIds.length} gamer(s).`);
    setSelectedIds([]);
    setConfirming(false);
  };

  return (
    <section className="fg-showcase__section" aria-labelledby="showcase-table">
      <h2 id="showcase-table">Data table and search box</h2>
      <div className="fg-showcase__row">
        <SearchBox label="Search gamers" debounceMs={600} onSearch={setTerm} />
        <Button onClick={() => setConfirming(true)} isDisabled={selectedIds.length === 0}>
          Remove selected
        </Button>
        <Button onClick={() => setGamers(DEMO_GAMERS)}>Restore rows</Button>
      </div>
      <DataTable
        label="Demo gamers"
        columns={COLUMNS}
        data={shown}
        getRowId={(gamer) => gamer.id}
        selection={{ selectedIds, onChange: setSelectedIds, rowLabel: (gamer) => gamer.fullName }}
      />
      <ConfirmDialog open={confirming} title="Remove gamers" onAccept={removeSelected} onDecline={() => setConfirming(false)}>
        <p>Remove the {selectedIds.length} selected gamer(s) from this demo table?</p>
      </ConfirmDialog>
    </section>
  );
}

function DialogSection() {
  const toast = useToast();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [videoUrl, setVideoUrl] = useState('');
  const close = () => setOpen(null);

  return (
    <section className="fg-showcase__section" aria-labelledby="showcase-dialogs">
      <h2 id="showcase-dialogs">Dialogs</h2>
      <div className="fg-showcase__row">
        <Button onClick={() => setOpen('message')}>Message dialog</Button>
        <Button onClick={() => setOpen('confirm')}>Confirm dialog</Button>
        <Button onClick={() => setOpen('yes-no')}>Yes/no dialog</Button>
        <Button onClick={() => setOpen('add')}>Add dialog</Button>
      </div>
      <div className="fg-showcase__row">
        <TextField
          label="Video address (an HLS playlist or a video file)"
          type="url"
          value={videoUrl}
          onChange={(event) => setVideoUrl(event.target.value)}
        />
        <Button onClick={() => setOpen('video')} isDisabled={videoUrl.trim() === ''}>
          Play video
        </Button>
      </div>

      <MessageDialog open={open === 'message'} title="There was an error" actionLabel="OK" onClose={close} alert>
        <p>The server's message appears here.</p>
      </MessageDialog>
      <ConfirmDialog
        open={open === 'confirm'}
        title="Delete video"
        onAccept={() => {
          toast.success('Confirmed.');
          close();
        }}
        onDecline={close}
      >
        <p>Delete this video?</p>
      </ConfirmDialog>
      <YesNoDialog
        open={open === 'yes-no'}
        title="Leave team"
        onAccept={() => {
          toast.success('You answered Yes.');
          close();
        }}
        onDecline={close}
      >
        <p>Do you want to leave Night Owls?</p>
      </YesNoDialog>
      <AddItemDialog
        open={open === 'add'}
        title="Add series"
        fieldLabel="Series"
        maxLength={40}
        onCreate={(series) => {
          toast.success(`Created ${series}.`);
          close();
        }}
        onCancel={close}
      />
      <VideoPlayerDialog open={open === 'video'} title="Video" src={videoUrl.trim()} onClose={close} />
    </section>
  );
}

function DropZoneSection() {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <section className="fg-showcase__section" aria-labelledby="showcase-drop-zone">
      <h2 id="showcase-drop-zone">Drop zone</h2>
      <DropZone
        accept={{ 'image/*': [] }}
        maxSize={AVATAR_MAX_BYTES}
        messages={{
          prompt: 'Drop your Team Avatar Here',
          invalidType: 'This file type is not supported',
          tooLarge: 'The image is larger than 10 MB.',
          tooMany: 'Choose one image.',
        }}
        onFiles={(files) => setChosen(files.map((file) => file.name))}
      />
      <p className="fg-showcase__note" aria-live="polite">
        {chosen.length > 0 ? `Chosen: ${chosen.join(', ')} (nothing is uploaded here).` : 'Images only, one file, up to 10 MB.'}
      </p>
    </section>
  );
}

function FormSection() {
  const toast = useToast();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(demoFormSchema),
    defaultValues: { fullName: '', password: '' },
  });
  const save = handleSubmit(({ fullName }) => toast.success(`Saved ${fullName}.`));
  return (
    <section className="fg-showcase__section" aria-labelledby="showcase-form">
      <h2 id="showcase-form">Form fields</h2>
      <form className="fg-showcase__form" noValidate onSubmit={(event) => void save(event)}>
        <FormTextField label="Full name" registration={register('fullName')} error={formState.errors.fullName?.message} autoComplete="off" />
        <FormPasswordField
          label="Password"
          registration={register('password')}
          error={formState.errors.password?.message}
          autoComplete="new-password"
        />
        <Button type="submit" variation="primary">
          Save
        </Button>
      </form>
    </section>
  );
}

function FeedbackSection() {
  const toast = useToast();
  return (
    <section className="fg-showcase__section" aria-labelledby="showcase-feedback">
      <h2 id="showcase-feedback">Toasts, button link and page loader</h2>
      <div className="fg-showcase__row">
        <Button onClick={() => toast.success('Great news! Your video was uploaded successfully and is being processed.', { durationMs: 9000 })}>
          Success toast
        </Button>
        <Button onClick={() => toast.error('Failed to upload to S3')}>Error toast</Button>
        <ButtonLink variation="primary" to={paths.home.root}>
          Go to my home page
        </ButtonLink>
      </div>
      <div className="fg-showcase__loader">
        <PageLoader label="Loading the example…" />
      </div>
    </section>
  );
}

function PicturesSection() {
  return (
    <section className="fg-showcase__section" aria-labelledby="showcase-pictures">
      <h2 id="showcase-pictures">Avatars and score chart</h2>
      <div className="fg-showcase__row">
        <Avatar name="Ada Demo" size="large" />
        <Avatar name="Night Owls" />
        <Avatar name="Iron Wolves" size="small" />
      </div>
      <ScoreChart label="Game readiness of two demo gamers, one week" days={DEMO_DAYS} lines={DEMO_LINES} look="members" />
    </section>
  );
}
