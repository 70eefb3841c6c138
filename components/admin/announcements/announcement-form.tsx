'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { TextAreaField } from '@/components/admin/ui/text-area-field';
import { showFieldErrors, useConsoleWrite } from '@/components/admin/ui/use-console-write';
import type { CategoryChoice } from '@/components/admin/timetable/event-select';
import { labelClass } from '@/components/forms/field-classes';
import { SelectField } from '@/components/forms/select-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { submitOnce } from '@/components/forms/submit-once';
import { TextField } from '@/components/forms/text-field';
import { api, messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { createAnnouncementSchema, type CreateAnnouncement } from '@/lib/schemas/announcements';
import {
  announcementChannels,
  audienceKinds,
  audienceLabels,
  bodyMax,
  type AudienceKind,
} from '@/lib/schemas/announcement-rules';
import { festivalDays } from '@/lib/timetable';
import { AudiencePreviewPanel, type AudiencePreview } from './audience-preview';
import { festivalDayLabel, peopleCount } from './announcement-text';
import { EventChecklist } from './event-checklist';
import { issuesToFieldErrors } from './field-errors';

/** The form's fields as typed: the audience's parts all kept, whichever kind is chosen. */
export interface AnnouncementFormValues {
  title: string;
  body: string;
  link: string;
  audience: { kind: AudienceKind; eventIds: string[]; venueId: string; day: string };
  channels: string[];
  bannerHours: string;
  when: 'now' | 'later';
  sendAt: string;
}

const defaults: AnnouncementFormValues = {
  title: '',
  body: '',
  link: '',
  audience: { kind: 'everyone', eventIds: [], venueId: '', day: '' },
  channels: ['push', 'mail'],
  bannerHours: '24',
  when: 'now',
  sendAt: '',
};

/** What the API is sent: only the chosen audience's parts, the banner's hours only with a banner. */
function requestOf(values: AnnouncementFormValues): Record<string, unknown> {
  const { kind, eventIds, venueId, day } = values.audience;
  const audience =
    kind === 'events' ? { kind, eventIds } : kind === 'venue_day' ? { kind, venueId, day } : { kind };
  return {
    title: values.title,
    body: values.body,
    link: values.link,
    audience,
    channels: values.channels,
    ...(values.channels.includes('banner') ? { bannerHours: values.bannerHours } : {}),
    sendAt: values.when === 'later' ? values.sendAt : '',
  };
}

/** The API's own schema checks the form, so a refusal reads the same here as from the server. */
const resolver: Resolver<AnnouncementFormValues, unknown, CreateAnnouncement> = (values) => {
  const parsed = createAnnouncementSchema.safeParse(requestOf(values));
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  // An empty time would mean "now" to the API: a scheduled one must say when.
  if (values.when === 'later' && values.sendAt.trim() === '') {
    errors.sendAt = { type: 'required', message: 'Choose when to send it.' };
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { values: {}, errors: errors as FieldErrors<AnnouncementFormValues> };
  }
  return { values: parsed.data, errors: {} };
};

interface Checked {
  announcement: CreateAnnouncement;
  preview: AudiencePreview;
}

const fieldsetClass = 'rounded-lg border border-white/10 p-3';
const legendClass = `${labelClass} px-1`;
const radioClass = 'flex min-h-11 items-center gap-3 text-base text-parchment';

/**
 * Writes an announcement in two steps: the fields, then a preview of whom it reaches (asked of the
 * server, as the audience is whoever it holds now) with the button that sends or schedules it. A
 * refusal's per-field messages land on the fields; once sent, the announcement's own page opens.
 */
export function AnnouncementForm({
  categories,
  venues,
}: {
  categories: readonly CategoryChoice[];
  venues: readonly { id: number; name: string }[];
}) {
  const router = useRouter();
  const { write, busy } = useConsoleWrite();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [previewError, setPreviewError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementFormValues, unknown, CreateAnnouncement>({ resolver, defaultValues: defaults });

  const kind = useWatch({ control, name: 'audience.kind' });
  const channels = useWatch({ control, name: 'channels' });
  const when = useWatch({ control, name: 'when' });
  const bodyLength = useWatch({ control, name: 'body' }).length;

  async function preview(announcement: CreateAnnouncement) {
    setPreviewError('');
    try {
      const answer = await api.post<AudiencePreview>('/api/admin/announcements/preview', {
        audience: announcement.audience,
      });
      setChecked({ announcement, preview: answer.data });
    } catch (error) {
      if (!showFieldErrors(error, setError)) {
        setPreviewError(messageOf(error, 'The audience could not be counted.'));
      }
    }
  }

  /** Leaves the preview for the fields again, the keyboard back at the first of them. */
  function backToFields() {
    setChecked(null);
    // The fields are enabled again on the next render; focus can only land there after it.
    requestAnimationFrame(() => setFocus('title'));
  }

  async function send() {
    if (!checked) return;
    const created: { id?: string } = {};
    const result = await write(async () => {
      const answer = await api.post<{ id: string }>('/api/admin/announcements', checked.announcement);
      created.id = answer.data.id;
      return answer;
    }, 'The announcement could not be sent.');
    if (result.ok && created.id) {
      router.push(`/admin/announcements/${created.id}`);
    } else if (!result.ok) {
      // Back to the fields, where the server's reasons show.
      backToFields();
      showFieldErrors(result.error, setError);
    }
  }

  const sendAt = checked?.announcement.sendAt;
  const goLabel = checked
    ? sendAt
      ? `Schedule for ${formatDateTime(sendAt)}`
      : `Send to ${peopleCount(checked.preview.recipients)}`
    : '';

  return (
    <form
      noValidate
      onSubmit={submitOnce(isSubmitting, handleSubmit(preview))}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={checked !== null} className="flex flex-col gap-4 disabled:opacity-80">
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <TextAreaField
          label="Message"
          rows={5}
          hint={`${bodyLength} of ${bodyMax} characters`}
          error={errors.body?.message}
          {...register('body')}
        />
        <TextField
          label="Link (optional)"
          hint="A page of this site, such as /schedule, or an https:// address."
          error={errors.link?.message}
          {...register('link')}
        />

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Audience</legend>
          {audienceKinds.map((value) => (
            <label key={value} className={radioClass}>
              <input
                type="radio"
                value={value}
                className="h-5 w-5 accent-amber-400"
                {...register('audience.kind')}
              />
              {audienceLabels[value]}
            </label>
          ))}
          {kind === 'events' ? (
            <EventChecklist
              categories={categories}
              error={
                errors.audience && 'eventIds' in errors.audience
                  ? errors.audience.eventIds?.message
                  : undefined
              }
              register={register('audience.eventIds')}
            />
          ) : null}
          {kind === 'venue_day' ? (
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Venue"
                placeholder="Choose a venue"
                options={venues.map((v) => ({ value: String(v.id), label: v.name }))}
                error={
                  errors.audience && 'venueId' in errors.audience
                    ? errors.audience.venueId?.message
                    : undefined
                }
                {...register('audience.venueId')}
              />
              <SelectField
                label="Day"
                placeholder="Choose a day"
                options={festivalDays.map((d) => ({ value: d.date, label: festivalDayLabel(d.date) }))}
                error={errors.audience && 'day' in errors.audience ? errors.audience.day?.message : undefined}
                {...register('audience.day')}
              />
            </div>
          ) : null}
          {errors.audience?.message ? (
            <p className="mt-1 text-sm text-red-300">{errors.audience.message}</p>
          ) : null}
        </fieldset>

        <fieldset className={fieldsetClass} aria-describedby={errors.channels ? 'channels-error' : undefined}>
          <legend className={legendClass}>Channels</legend>
          <div className="flex flex-col gap-2">
            {announcementChannels.map((channel) => (
              <CheckboxField
                key={channel}
                value={channel}
                label={channelHints[channel].label}
                hint={channelHints[channel].hint}
                {...register('channels')}
              />
            ))}
          </div>
          {errors.channels?.message ? (
            <p id="channels-error" className="mt-1 text-sm text-red-300">
              {errors.channels.message}
            </p>
          ) : null}
          {channels.includes('banner') ? (
            <TextField
              label="Banner hours"
              type="number"
              inputMode="numeric"
              min={1}
              max={96}
              hint="How long the banner stays up from the send time: 1 to 96 hours."
              className="mt-3 max-w-xs"
              error={errors.bannerHours?.message}
              {...register('bannerHours')}
            />
          ) : null}
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>When</legend>
          <label className={radioClass}>
            <input type="radio" value="now" className="h-5 w-5 accent-amber-400" {...register('when')} />
            Send now
          </label>
          <label className={radioClass}>
            <input type="radio" value="later" className="h-5 w-5 accent-amber-400" {...register('when')} />
            Send at a set time
          </label>
          {when === 'later' ? (
            <TextField
              label="Send at"
              type="datetime-local"
              hint="India time."
              className="mt-2 max-w-xs"
              error={errors.sendAt?.message}
              {...register('sendAt')}
            />
          ) : null}
        </fieldset>
      </fieldset>

      {checked ? (
        <SendStep
          preview={checked.preview}
          goLabel={goLabel}
          busy={busy}
          onGo={() => void send()}
          onBack={backToFields}
        />
      ) : (
        <div className="sm:w-64">
          <SubmitButton pending={isSubmitting}>Preview</SubmitButton>
        </div>
      )}
      {previewError ? (
        <p role="alert" className="text-sm text-red-300">
          {previewError}
        </p>
      ) : null}
    </form>
  );
}

const channelHints = {
  push: { label: 'Push', hint: 'To each device where the person turned notifications on.' },
  mail: { label: 'Mail', hint: 'To the e-mail address of each person.' },
  banner: { label: 'Banner', hint: 'On top of the public pages, for everyone who opens one.' },
} as const;

/**
 * Whom it reaches and the button that sends it. Focus moves here when it appears, so the keyboard and a
 * screen reader land on the count to confirm rather than at the top of the form.
 */
function SendStep({
  preview,
  goLabel,
  busy,
  onGo,
  onBack,
}: {
  preview: AudiencePreview;
  goLabel: string;
  busy: boolean;
  onGo: () => void;
  onBack: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-label="Confirm the announcement"
      className="rounded-lg border border-gold/40 p-4 focus:outline-none"
    >
      <AudiencePreviewPanel preview={preview} />
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          onClick={onGo}
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-gold px-6 font-display tracking-wide text-ink transition hover:bg-amber-300 disabled:opacity-60"
        >
          {goLabel}
        </button>
        <button
          type="button"
          onClick={onBack}
          disabled={busy}
          className="inline-flex min-h-12 items-center justify-center rounded-full border border-parchment/40 px-6 text-parchment transition hover:border-gold hover:text-gold"
        >
          Change it
        </button>
      </div>
    </div>
  );
}
