'use client';

/**
 * The new-job form of /SaveJob (spec §2, §4, §5): step one, then the detail step of the chosen type with the
 * optional source file and Save. One zod schema (lib/jobs/schema.ts) validates here with the server's "now"
 * and the user's time zone, and again on the server. Save is idempotent (a request key made when the form
 * mounts), disabled while in flight, and a server refusal lands on the first invalid field or section.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { unlessSignedOut } from '@/lib/client-side/action';
import { apiFetch } from '@/lib/client-side/api';
import type { ActionResult } from '@/lib/http/action-result';
import { JOB_FILES_MSG, jobFilesFit } from '@/lib/documents/job-file-limit';
import {
  isDueWithinWarningWindow,
  refreshedDefaultTimes,
  TIMES_FILLED_BY_FORM,
  type ReadyDueInputs,
} from '@/lib/jobs/rules';
import {
  applyOrderTypeEffects,
  JOB_MSG,
  makeJobOrderSchema,
  STEP_ONE_FIELDS,
  type JobOrder,
  type JobOrderInput,
} from '@/lib/jobs/schema';
import type { SaveJobRequest } from '@/lib/jobs/save-request';
import { MSG } from '@/lib/messages';
import { orderTypeName } from '@/lib/reference';
import { toCode } from '@/lib/validation';
import type { LocationOption } from './AppealBookFragment';
import { DetailStep } from './DetailStep';
import { DueWarningDialog } from './DueWarningDialog';
import { fieldId, type OrderPath } from './fields';
import { errorPaths, isStepOnePath, placeErrors, type ErrorPlacement } from './form-errors';
import { SectionsContext } from './sections';
import type { ClonedFile } from './SourceFilesField';
import { useUploadQueue, type UploadedFile } from './upload-queue';
import { useFileDrop } from './file-drop';
import { DraftOffer } from './DraftOffer';
import { useOrderDraft, type DraftSaver } from './use-draft';
import { usePersonChanges } from './hooks';
import { StepOne, type BranchOption } from './StepOne';
import { DRAFT_RESTORED_MSG, dropDraft, useDraftFallback } from './useDraftFallback';
import { AnnounceOnShow } from '@/components/ui/AnnounceOnShow';
import { FormFields } from '@/components/ui/FormFields';
import { reveal, useFocusInvalid } from '@/components/ui/focus-invalid';

export interface JobOrderFormProps {
  initialValues: JobOrderInput;
  clone: { jmsNumber: string; files: readonly ClonedFile[] } | null;
  cloneNotFound: boolean;
  clientId: number;
  branches: readonly BranchOption[];
  appealBookLocations: readonly LocationOption[];
  courtCopyLocations: readonly LocationOption[];
  /** Server clock (ISO) and the user's IANA zone. */
  now: string;
  timeZone: string;
  maxInstructions: number;
  maxUploadBytes: number;
  /** The most files a job takes. */
  maxFiles: number;
  /** Files go straight to the bucket (S3_DIRECT_UPLOADS) instead of through the portal. */
  directUploads: boolean;
  /** Uploads already made for this order (a resumed draft). */
  initialFiles?: readonly UploadedFile[];
  blockedExtensions: readonly string[];
  /** The court copying practice note (PRACTICE_NOTE_URL), or null. */
  practiceNoteUrl?: string | null;
  save: (request: SaveJobRequest) => Promise<ActionResult<never>>;
  /** The user's draft offered back ("Resume your order from 10:42"), or null. */
  draftOffer?: string | null;
  /** Saves the order in progress as the user's draft; without it, no draft is kept. */
  saveDraft?: DraftSaver['save'];
  discardDraft?: () => Promise<ActionResult<null>>;
  /** The signed-in user: what was typed is kept under them when the session times out. */
  draftOwner?: string;
  /**
   * The ready and due times are still the ones the form filled in itself (a new order, a copy, or a draft whose
   * times nobody changed): once they pass, they are moved forward and the person is told, never refused.
   */
  timesFilledByForm?: boolean;
  /** The form holds the user's resumed draft (?resume=1): leaving by Cancel asks before deleting it. */
  resumedDraft?: boolean;
}

const TIME_FIELDS = ['dateReadyInput', 'timeReadyInput', 'dateDueInput', 'timeDueInput'] as const;
const timesOf = (v: JobOrderInput): ReadyDueInputs => ({
  dateReadyInput: String(v.dateReadyInput ?? ''),
  timeReadyInput: String(v.timeReadyInput ?? ''),
  dateDueInput: String(v.dateDueInput ?? ''),
  timeDueInput: String(v.timeDueInput ?? ''),
});
const timesMovedNote = (t: ReadyDueInputs) =>
  JOB_MSG.timesMoved(`${t.dateReadyInput} ${t.timeReadyInput}`, `${t.dateDueInput} ${t.timeDueInput}`);

export const CANCEL_ORDER = {
  title: 'Cancel this order?',
  message: (files: number) =>
    files === 0
      ? 'The order you started will be deleted.'
      : `The order you started and its ${files === 1 ? 'uploaded file' : `${files} uploaded files`} will be deleted.`,
  keep: 'Keep editing',
  confirm: 'Delete the order',
  failed: 'The order could not be deleted. Please try again.',
} as const;

export const ORDER_FORM_MSG = {
  cloneNotFound: 'The job to copy was not found. You can enter a new job below.',
  saveFailed: 'The job could not be saved. Please try again.',
  fixErrors: 'Please correct the highlighted fields.',
} as const;

const FORM_KEYS = new Set<string>([
  ...STEP_ONE_FIELDS,
  'copyAsOriginal',
  'copyInstructions',
  'appealBook',
  'courtCopy',
  'collectionDescription',
  'ePrintInstructions',
  'eScanInstructions',
]);
const isOrderPath = (p: string): p is OrderPath => FORM_KEYS.has(p.split('.')[0] ?? '');

/** The rejection a server action's redirect() gives its caller (the router navigates by itself). */
function isRedirect(e: unknown): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    'digest' in e &&
    typeof e.digest === 'string' &&
    e.digest.startsWith('NEXT_REDIRECT')
  );
}

export function JobOrderForm(props: JobOrderFormProps) {
  const router = useRouter();
  const { initialValues, clone, clientId, timeZone, maxInstructions, save } = props;
  const [skew] = useState(() => Date.parse(props.now) - Date.now());
  const now = useCallback(() => new Date(Date.now() + skew), [skew]);
  const [estimates] = useState(() => new Map<string, boolean>());
  const costEstimateExists = useCallback(
    async (n: string) => {
      const known = estimates.get(n);
      if (known !== undefined) return known;
      try {
        // A 401 signs out and comes back to the form (apiFetch); any other failure leaves it to the save.
        const res = await apiFetch(`/api/Job/ClientCostEstimateExists/${encodeURIComponent(n)}/${clientId}`);
        if (!res.ok) return true; // the server decides on save
        const exists: unknown = await res.json();
        estimates.set(n, exists === true);
        return exists === true;
      } catch {
        return true;
      }
    },
    [clientId, estimates],
  );
  const schema = useMemo(
    () => makeJobOrderSchema({ now, timeZone, maxInstructions, costEstimateExists }),
    [now, timeZone, maxInstructions, costEstimateExists],
  );
  // A resumed draft whose own times have passed opens with them moved forward, and says so.
  const [start] = useState(() => {
    const fresh = props.timesFilledByForm ? refreshedDefaultTimes(timesOf(initialValues), now(), timeZone) : null;
    return fresh
      ? { values: { ...initialValues, ...fresh }, note: timesMovedNote(fresh) }
      : { values: initialValues, note: null };
  });
  const form = useForm<JobOrderInput, unknown, JobOrder>({
    resolver: zodResolver(schema),
    defaultValues: start.values,
    shouldFocusError: false,
  });
  const { getValues, setValue, trigger, setError, handleSubmit, clearErrors } = form;

  const [step, setStep] = useState<1 | 2>(1);
  const [open, setOpen] = useState<string[]>([]);
  const [requestKey] = useState(() => crypto.randomUUID());
  const files = useUploadQueue({
    maxBytes: props.maxUploadBytes,
    maxFiles: props.maxFiles,
    blockedExtensions: props.blockedExtensions,
    direct: props.directUploads,
    initial: props.initialFiles,
  });
  const drop = useFileDrop(files.add);
  // Whether the ready and due times are still the form's own: the person choosing any of them makes them theirs.
  const ownTimes = useRef(props.timesFilledByForm === true);
  const [timesNote, setTimesNote] = useState<string | null>(start.note);
  usePersonChanges(form, TIME_FIELDS, () => {
    ownTimes.current = false;
    setTimesNote(null);
  });
  const extraDraftValues = useCallback(() => ({ [TIMES_FILLED_BY_FORM]: ownTimes.current }), []);
  const draft = useOrderDraft(
    form,
    files.documentIds,
    files.busy,
    props.saveDraft ? { save: props.saveDraft } : null,
    extraDraftValues,
  );
  const [cloned] = useState(clone ? { jobNumber: clone.jmsNumber, files: clone.files } : null);
  // "Copy job" asks before copying the earlier job's files: only the ticked ones are copied.
  const [copyCloned, setCopyCloned] = useState<number[]>([]);
  // The ticked copies count against the job's files with the uploads, by the server's own rule: too many is said
  // (and the save held back) here, before anything is sent.
  const tooManyFiles = !jobFilesFit(0, files.documentIds.length + (cloned ? copyCloned.length : 0));
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [warning, setWarning] = useState<'next' | 'save' | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  const cancelLink = useRef<HTMLAnchorElement>(null);
  const accepted = useRef<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const orderType = toCode(useWatch({ control: form.control, name: 'orderType' }));
  const [restored, setRestored] = useState(false);
  const draftOwner = clone ? null : (props.draftOwner ?? null);
  useDraftFallback<JobOrderInput>(
    draftOwner,
    () => ({ values: getValues(), step }),
    (draft) => {
      form.reset({ ...initialValues, ...draft.values });
      setStep(draft.step === 2 ? 2 : 1);
      setRestored(true);
    },
  );

  /** The form's own ready and due times, moved forward (and the person told) once they have passed. */
  const refreshTimes = useCallback(() => {
    const fresh = ownTimes.current ? refreshedDefaultTimes(timesOf(getValues()), now(), timeZone) : null;
    if (!fresh) return;
    for (const f of TIME_FIELDS) setValue(f, fresh[f], { shouldDirty: true });
    clearErrors([...TIME_FIELDS]);
    setTimesNote(timesMovedNote(fresh));
  }, [getValues, setValue, clearErrors, now, timeZone]);

  function goTo(next: 1 | 2) {
    setStep(next);
    setTimeout(() => stepHeading.current?.focus(), 0);
  }

  function place(p: ErrorPlacement | null) {
    if (p && p.step !== step) setStep(p.step);
    if (p?.section) {
      const id = p.section.id;
      setOpen((o) => (o.includes(id) ? o : [...o, id]));
    }
    // Once the step and the section show, the first invalid field (or the alert) takes focus. Also with no
    // placement: right after trigger() the errors read here can be the previous render's (empty) ones.
    focusInvalid();
  }

  const dueKey = () => `${String(getValues('dateDueInput') ?? '')} ${String(getValues('timeDueInput') ?? '')}`;
  const dueSoon = () =>
    isDueWithinWarningWindow(
      String(getValues('dateDueInput') ?? ''),
      String(getValues('timeDueInput') ?? ''),
      now(),
      timeZone,
    );

  async function next() {
    setAlert(null);
    refreshTimes();
    const fields = STEP_ONE_FIELDS.filter((f) => isStepOnePath(f, orderType));
    const ok = await trigger(fields);
    if (!ok) {
      // The summary is said (role alert) and focus goes to the first field to fix (WCAG 3.3.1, 4.1.3).
      setAlert(ORDER_FORM_MSG.fixErrors);
      place(
        placeErrors(
          errorPaths(form.formState.errors).filter((p) => isStepOnePath(p, orderType)),
          orderType,
        ),
      );
      return;
    }
    if (dueSoon() && accepted.current !== dueKey()) return setWarning('next');
    goTo(2);
  }

  async function submit() {
    setSaving(true);
    setAlert(null);
    setFileError(undefined);
    // No draft is written once the job is being saved (the save removes it).
    await draft.stop();
    try {
      // An ended session signs out and comes back here, as a 401 does (spec §4.5).
      const outcome = await unlessSignedOut(
        save({
          values: { ...getValues() },
          requestKey,
          documentId: null,
          documentIds: files.documentIds,
          cloneSourceFile: false,
          cloneDocumentIds: cloned ? copyCloned : undefined,
        }),
      );
      // Any other refusal than the form's 400 (403, 404, 409) is a failed save.
      if (!outcome.ok) draft.resume();
      if (!outcome.ok && outcome.status !== 400) {
        setAlert(ORDER_FORM_MSG.saveFailed);
        setSaving(false);
      } else if (!outcome.ok) {
        const paths: string[] = [];
        for (const [path, messages] of Object.entries(outcome.fields ?? { '': [outcome.message] })) {
          const message = messages[0] ?? ORDER_FORM_MSG.fixErrors;
          if (path === 'DocumentModel') setFileError(message);
          else if (isOrderPath(path)) {
            setError(path, { type: 'server', message });
            paths.push(path);
          } else setAlert(message);
        }
        if (paths.length > 0) setAlert(ORDER_FORM_MSG.fixErrors);
        place(placeErrors(paths, orderType));
        setSaving(false);
      }
      if (draftOwner) dropDraft(draftOwner);
      // 'saved': the action redirects to /JobClient; the button stays busy until the page changes.
    } catch (e) {
      // A saved job: the action redirected; the router is already moving to /JobClient.
      if (isRedirect(e)) return;
      draft.resume();
      setAlert(ORDER_FORM_MSG.saveFailed);
      setSaving(false);
    }
  }

  /** Cancel: with nothing typed, uploaded or kept as a draft it just leaves; otherwise it asks first. */
  function cancelClicked(e: React.MouseEvent<HTMLAnchorElement>) {
    const kept = form.formState.isDirty || files.items.length > 0 || draft.savedAt !== null || props.resumedDraft;
    if (!props.discardDraft || !kept) return;
    e.preventDefault();
    setCancelFailed(false);
    setCancelling(true);
  }

  async function cancelConfirmed() {
    await draft.stop();
    const r = props.discardDraft ? await unlessSignedOut(props.discardDraft()) : null;
    if (r && !r.ok) {
      draft.resume();
      setCancelFailed(true);
      throw new Error('not discarded');
    }
    if (draftOwner) dropDraft(draftOwner);
    router.push('/JobClient');
    // The dialog stays (busy) while the page changes.
    await new Promise(() => undefined);
  }

  const onValid = () => {
    if (tooManyFiles) {
      setAlert(ORDER_FORM_MSG.fixErrors);
      return place(null);
    }
    if (dueSoon() && accepted.current !== dueKey()) return setWarning('save');
    return submit();
  };
  const onInvalid = (errors: FieldErrors<JobOrderInput>) => {
    setAlert(ORDER_FORM_MSG.fixErrors);
    place(placeErrors(errorPaths(errors), orderType));
  };

  function typePicked(type: number | null) {
    if (type === null) return;
    const nextValues = applyOrderTypeEffects(getValues(), type);
    if (type === 3) {
      setValue('copyInstructions', nextValues.copyInstructions);
      setValue('copyAsOriginal', false);
    }
    setOpen([]);
    clearErrors(['numberOfCopies', 'whatToCollect']);
  }

  const busy = saving || files.busy;
  return (
    <FormProvider {...form}>
      <SectionsContext.Provider value={{ open, setOpen }}>
        <form
          ref={formRef}
          noValidate
          onSubmit={(e) => {
            refreshTimes();
            void handleSubmit(onValid, onInvalid)(e);
          }}
          {...drop.handlers}
          className={`flex flex-col gap-6 rounded-md ${drop.over ? 'outline-2 outline-offset-4 outline-brand-600 outline-dashed' : ''}`}
          aria-busy={saving || undefined}
        >
          <FormFields>
            {clone && <Alert tone="info">{MSG.clonedFrom(clone.jmsNumber)}</Alert>}
            {props.cloneNotFound && <Alert tone="info">{ORDER_FORM_MSG.cloneNotFound}</Alert>}
            {props.draftOffer && props.discardDraft && !draft.savedAt && !restored && (
              <DraftOffer message={props.draftOffer} discard={props.discardDraft} />
            )}
            {restored && <Alert tone="info">{DRAFT_RESTORED_MSG}</Alert>}
            {timesNote && (
              <Alert tone="info">
                <AnnounceOnShow>
                  <span data-testid="times-moved">{timesNote}</span>
                </AnnounceOnShow>
              </Alert>
            )}
            {alert && <Alert tone="error">{alert}</Alert>}
            <h2 ref={stepHeading} tabIndex={-1} className="section-title focus:outline-none">
              {step === 1
                ? 'Step 1 of 2: Job details'
                : `Step 2 of 2: ${orderType ? orderTypeName(orderType) : 'Job'} details`}
            </h2>
            {step === 1 && files.items.length > 0 && (
              <p className="text-sm text-muted" data-testid="files-on-step-one">
                {files.items.length === 1 ? '1 file' : `${files.items.length} files`} added: they are listed in step 2.
              </p>
            )}
            {step === 1 && (
              <StepOne
                clientId={clientId}
                branches={props.branches}
                now={now}
                timeZone={timeZone}
                maxInstructions={maxInstructions}
                onOrderTypePicked={typePicked}
              />
            )}
            {step === 2 && orderType !== undefined && (
              <DetailStep
                orderType={orderType}
                maxInstructions={maxInstructions}
                appealBookLocations={props.appealBookLocations}
                courtCopyLocations={props.courtCopyLocations}
                practiceNoteUrl={props.practiceNoteUrl ?? null}
                files={{
                  queue: files,
                  cloned,
                  copyCloned,
                  onCopyClonedChange: setCopyCloned,
                  error: fileError ?? (tooManyFiles ? JOB_FILES_MSG.tooMany : undefined),
                }}
              />
            )}
            <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line pt-4">
              {draft.savedAt && (
                <span className="mr-auto text-xs text-muted" data-testid="draft-saved">
                  Draft saved{' '}
                  {new Intl.DateTimeFormat('en-AU', {
                    timeZone,
                    hour: '2-digit',
                    minute: '2-digit',
                    hour12: false,
                  }).format(new Date(draft.savedAt))}
                </span>
              )}
              <a
                ref={cancelLink}
                href="/JobClient"
                onClick={cancelClicked}
                className={buttonClasses({ variant: 'ghost' })}
              >
                Cancel
              </a>
              {step === 2 && (
                <Button key="back" variant="secondary" onClick={() => goTo(1)} disabled={saving}>
                  Back
                </Button>
              )}
              {step === 1 ? (
                // Keys: React must not turn the clicked Next button into the Save (submit) button while the click is
                // still being handled, or the browser submits the form.
                <Button key="next" variant="primary" onClick={() => void next()}>
                  Next
                </Button>
              ) : (
                <Button
                  key="save"
                  type="submit"
                  variant="primary"
                  loading={saving}
                  loadingText="Saving…"
                  disabled={busy}
                >
                  Save
                </Button>
              )}
            </div>
            <ConfirmDialog
              open={cancelling}
              onOpenChange={(o) => {
                setCancelling(o);
                if (!o) setTimeout(() => cancelLink.current?.focus(), 0);
              }}
              title={CANCEL_ORDER.title}
              message={CANCEL_ORDER.message(files.items.length)}
              cancelLabel={CANCEL_ORDER.keep}
              confirmLabel={CANCEL_ORDER.confirm}
              tone="danger"
              onConfirm={cancelConfirmed}
            >
              {cancelFailed && (
                <p role="alert" className="mt-2 text-sm text-danger">
                  {CANCEL_ORDER.failed}
                </p>
              )}
            </ConfirmDialog>
            <DueWarningDialog
              open={warning !== null}
              onCancel={() => {
                setWarning(null);
                if (step === 2) goTo(1);
                setTimeout(() => {
                  const due = document.getElementById(fieldId('timeDueInput'));
                  if (due) reveal(due);
                }, 60);
              }}
              onAccept={() => {
                const then = warning;
                accepted.current = dueKey();
                setWarning(null);
                if (then === 'next') goTo(2);
                else void submit();
              }}
            />
          </FormFields>
        </form>
      </SectionsContext.Provider>
    </FormProvider>
  );
}
