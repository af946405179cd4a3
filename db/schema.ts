/**
 * The whole data model of the portal (spec §3), one Drizzle schema for both engines
 * (PGlite embedded, PostgreSQL in production). Migrations are generated from this file
 * by drizzle-kit into db/migrations and committed.
 *
 * Conventions: every client-owned row carries client_id so that services can scope by
 * the actor's client in the same query; timestamps are timestamptz (UTC), shown in the
 * user's IANA time zone by the presenters.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** The JMS job number sequence; numbers are shown as text (e.g. "100234"). */
export const jmsNumberSeq = pgSequence('jms_number_seq', { startWith: 100000 });

// ---------------------------------------------------------------------------
// Clients and their reference data
// ---------------------------------------------------------------------------

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    accountNumber: text('account_number').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    /** Suspended by staff: is_active is false, its users cannot sign in; nothing is deleted. */
    suspendedAt: ts('suspended_at'),
    /** Deleted by a provider administrator (docs/decisions): hidden everywhere, kept for the audit trail. */
    deletedAt: ts('deleted_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Days from issue to due date of a new invoice. */
    paymentTermsDays: integer('payment_terms_days').notNull().default(14),
  },
  (t) => [uniqueIndex('clients_account_number_uq').on(t.accountNumber), uniqueIndex('clients_name_uq').on(t.name)],
);

export const clientBranchAddresses = pgTable(
  'client_branch_addresses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    label: text('label').notNull(),
    address: text('address').notNull(),
    extClientBranchId: text('ext_client_branch_id'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('client_branch_addresses_client_idx').on(t.clientId)],
);

export const processingCities = pgTable(
  'processing_cities',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('processing_cities_client_name_uq').on(t.clientId, t.name)],
);

export const costEstimates = pgTable(
  'cost_estimates',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    number: text('number').notNull(),
    description: text('description'),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cost_estimates_client_number_uq').on(t.clientId, t.number)],
);

export const matterReferences = pgTable(
  'matter_references',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    reference: text('reference').notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('matter_references_client_ref_uq').on(t.clientId, t.reference)],
);

// ---------------------------------------------------------------------------
// Users, sessions and credentials
// ---------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null only for internal staff (roles 1 and 2). */
    clientId: integer('client_id').references(() => clients.id),
    userName: text('user_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: smallint('role').notNull(),
    /** IANA time zone name, e.g. Australia/Sydney. */
    timeZone: text('time_zone').notNull().default('Australia/Sydney'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
    /** The spec's ResetPassword flag: must change the password at the next sign-in (first use). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    isLocked: boolean('is_locked').notNull().default(false),
    lockedAt: ts('locked_at'),
    enableTour: boolean('enable_tour').notNull().default(true),
    /** How job alerts reach the user: 'instant' (as it happens) or 'digest' (one e-mail a day at 08:00 in their zone). */
    jobAlertMode: text('job_alert_mode').notNull().default('instant'),
    /** Whose jobs the alerts cover: 'mine' (ordered by the user or naming them as contact) or 'firm' (every job of the client). */
    jobAlertScope: text('job_alert_scope').notNull().default('mine'),
    /** An e-mail when an invoice is issued to the user's firm (on for new users: createUser). */
    invoiceAlert: boolean('invoice_alert').notNull().default(false),
    /** An e-mail confirming each order the user places (on unless they turn it off in their alert settings). */
    orderConfirmation: boolean('order_confirmation').notNull().default(true),
    /**
     * Goes up by one with every change of the user's alert settings (Settings, or an unsubscribe link). An
     * unsubscribe link carries the version it was sent with and acts only while it is still the current one.
     */
    alertVersion: integer('alert_version').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    deactivatedAt: ts('deactivated_at'),
    createdAt: createdAt(),
    createdById: integer('created_by_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedById: integer('updated_by_id'),
  },
  (t) => [
    uniqueIndex('users_user_name_uq').on(sql`lower(${t.userName})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_client_idx').on(t.clientId, t.userName),
    check('users_role_ck', sql`${t.role} between 1 and 8`),
    check('users_job_alert_mode_ck', sql`${t.jobAlertMode} in ('instant', 'digest')`),
    check('users_job_alert_scope_ck', sql`${t.jobAlertScope} in ('mine', 'firm')`),
  ],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

/** Server-side sessions: the web cookie and the legacy jwtToken both name one of these rows. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** How the session was opened: password+otp, sso. */
    method: text('method').notNull().default('password'),
    /** Where the session was opened from (shown in Settings "Sessions"): the client IP and User-Agent. */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A pending sign-in: password verified, waiting for the e-mailed one-time passcode. */
export const signInOtps = pgTable(
  'sign_in_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Null for a sign-in waiting for the authenticator app's code (method 'app'): nothing was sent. */
    codeHash: text('code_hash'),
    /** 'email': a code was e-mailed; 'app': the user's authenticator app (or a recovery code) answers it. */
    method: text('method').notNull().default('email'),
    expiresAt: ts('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    voidedAt: ts('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_otps_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is encrypted (AES-256-GCM, TOTP_ENCRYPTION_KEY,
 * bound to the user id). A row without confirmed_at is an enrolment not yet confirmed by a code; it does
 * not count at sign-in. last_time_step is the newest time step accepted: a code of that step or an older
 * one is refused (replay).
 */
export const userAuthenticators = pgTable('user_authenticators', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  secretEnc: text('secret_enc').notNull(),
  createdAt: createdAt(),
  confirmedAt: ts('confirmed_at'),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
});

/** Single-use recovery codes of an authenticator app: only an HMAC-SHA-256 of each (80 random bits) is kept. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_recovery_codes_hash_uq').on(t.userId, t.codeHash)],
);

/** Proof-of-work captcha solutions already redeemed (replay protection), kept until they expire. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  pageSize: integer('page_size').notNull().default(10),
  invoicePreference: jsonb('invoice_preference').$type<Record<string, unknown>>(),
  /**
   * The job list view the user opens with (a view they may see: their own or one shared with their firm); null: their
   * "Last used" view (the spec's saved preference), or the defaults. The spec's JobPreferenceModel lives in
   * saved_views (the remembered view) since migration 0018.
   */
  defaultViewId: integer('default_view_id').references((): AnyPgColumn => savedViews.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Saved views of the job list: a name and a list state (the spec's JobPreferenceModel: filters, sort,
 * PageSize; validated by lib/jobs/preference-model.ts before it is written and again when read). Private to the
 * owner, or shared with the owner's firm (set by a client administrator). `remembered` marks each user's "Last used"
 * view, the spec's saved preference, which the list keeps up to date (one per user, never shared).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    /** Null only for staff, whose remembered view nobody else sees. */
    clientId: integer('client_id').references(() => clients.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    remembered: boolean('remembered').notNull().default(false),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_remembered_uq')
      .on(t.ownerId)
      .where(sql`${t.remembered}`),
    uniqueIndex('saved_views_owner_name_uq')
      .on(t.ownerId, sql`lower(${t.name})`)
      .where(sql`NOT ${t.remembered}`),
    index('saved_views_client_shared_idx')
      .on(t.clientId)
      .where(sql`${t.shared}`),
    check('saved_views_shared_client_ck', sql`NOT ${t.shared} OR ${t.clientId} IS NOT NULL`),
    check('saved_views_remembered_private_ck', sql`NOT (${t.remembered} AND ${t.shared})`),
  ],
);

/** UserJobAlerts: which status changes a user wants to be e-mailed about. */
export const userJobAlerts = pgTable(
  'user_job_alerts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    jobStatusId: smallint('job_status_id')
      .notNull()
      .references(() => jobStatuses.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobStatusId] })],
);

// ---------------------------------------------------------------------------
// Reference tables
// ---------------------------------------------------------------------------

export const jobStatuses = pgTable('job_statuses', {
  id: smallint('id').primaryKey(),
  label: text('label').notNull(),
  sortOrder: smallint('sort_order').notNull(),
});

export const orderTypes = pgTable('order_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  showOnLoginPage: boolean('show_on_login_page').notNull().default(true),
});

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id),
  name: text('name').notNull(),
});

/** Locations (LocationId, Text, BranchId, AlternateBranch) for court copy and appeal book jobs. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    /** 'court_copy' | 'appeal_book' */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    branchId: integer('branch_id').references(() => branches.id),
    alternateBranch: boolean('alternate_branch').notNull().default(false),
  },
  (t) => [index('locations_kind_idx').on(t.kind)],
);

/**
 * Courts offered per job type and location, with the court selection flags of spec §3.
 * `code` is the value the forms send: for court copy 11 is WCC and 16 is Other; for
 * appeal books 6 is Other.
 */
export const courts = pgTable(
  'courts',
  {
    id: serial('id').primaryKey(),
    jobType: smallint('job_type').notNull(),
    code: smallint('code').notNull(),
    name: text('name').notNull(),
    locationId: integer('location_id').references(() => locations.id),
    enableFilingMethod: boolean('enable_filing_method').notNull().default(false),
    enablePhotocopyMethod: boolean('enable_photocopy_method').notNull().default(true),
    enableScanMethod: boolean('enable_scan_method').notNull().default(true),
    enableBothPhotocopyAndScanMethod: boolean('enable_both_photocopy_and_scan_method').notNull().default(true),
    enableSCGen: boolean('enable_sc_gen').notNull().default(false),
    enableMessage: boolean('enable_message').notNull().default(false),
    messageDescription: text('message_description'),
  },
  (t) => [
    uniqueIndex('courts_type_location_code_uq').on(t.jobType, t.locationId, t.code),
    index('courts_type_location_idx').on(t.jobType, t.locationId),
  ],
);

export const physicalMediaTypes = pgTable('physical_media_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

// ---------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    jmsNumber: text('jms_number')
      .notNull()
      .default(sql`nextval('jms_number_seq')::text`),
    projectId: integer('project_id'),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    orderType: smallint('order_type')
      .notNull()
      .references(() => orderTypes.id),
    status: smallint('status')
      .notNull()
      .default(12)
      .references(() => jobStatuses.id),
    /** A short description of the job, shown and filtered as JobShortDescription. */
    description: text('description').notNull().default(''),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    afterHourContactNumber: text('after_hour_contact_number'),
    costEstimateNumber: text('cost_estimate_number'),
    matterReference: text('matter_reference').notNull(),
    clientBranchAddressId: integer('client_branch_address_id').references(() => clientBranchAddresses.id),
    /** Snapshot of the selected branch address at order time. */
    address: text('address').notNull(),
    alternatePickupDelivery: text('alternate_pickup_delivery'),
    processingCityId: integer('processing_city_id').references(() => processingCities.id),
    readyAt: ts('ready_at').notNull(),
    dueAt: ts('due_at').notNull(),
    deliveredAt: ts('delivered_at'),
    /** The time zone the ready/due times were entered in (the orderer's). */
    timeZone: text('time_zone').notNull().default('Australia/Sydney'),
    instructions: text('instructions'),
    numberOfCopies: integer('number_of_copies'),
    whatToCollect: text('what_to_collect'),
    internalInstructions: text('internal_instructions'),
    copyAsOriginal: boolean('copy_as_original').notNull().default(false),
    copyInstructions: text('copy_instructions'),
    /** One validated instruction block for the job's order type (appeal book, court copy, copy, print, scan, collection). */
    instructionBlock: jsonb('instruction_block').$type<Record<string, unknown>>(),
    lioNumber: text('lio_number'),
    matterType: text('matter_type'),
    sourceJobId: integer('source_job_id'),
    createdById: integer('created_by_id').references(() => users.id),
    lastModifiedById: integer('last_modified_by_id').references(() => users.id),
    statusLastModifiedById: integer('status_last_modified_by_id').references(() => users.id),
    /** Who last changed the status, as shown (StatusLastModifiedBy): a staff member's name or a system actor's. */
    statusLastModifiedBy: text('status_last_modified_by'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    statusUpdatedAt: ts('status_updated_at').notNull().defaultNow(),
    /** Idempotency key sent with a save: a retried or double-clicked save returns the first job. */
    requestKey: text('request_key'),
    /** The staff user who owns the job (lib/jobs/assign.ts), null when nobody does. */
    assignedToId: integer('assigned_to_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('jobs_jms_number_uq').on(t.jmsNumber),
    uniqueIndex('jobs_client_request_key_uq').on(t.clientId, t.requestKey),
    // Default list order (sort 0 = newest first) and "time logged".
    index('jobs_client_created_idx').on(t.clientId, t.createdAt.desc(), t.id.desc()),
    index('jobs_client_due_idx').on(t.clientId, t.dueAt, t.id),
    index('jobs_client_delivered_idx').on(t.clientId, t.deliveredAt, t.id),
    index('jobs_client_status_idx').on(t.clientId, t.status, t.createdAt.desc(), t.id.desc()),
    // Job numbers sort numerically: by length, then text (lib/jobs/list-sql.ts).
    index('jobs_client_jms_num_idx').on(t.clientId, sql`char_length(${t.jmsNumber})`, t.jmsNumber, t.id),
    // Time delivered, newest first with undelivered jobs last.
    index('jobs_client_delivered_desc_idx').on(t.clientId, t.deliveredAt.desc().nullsLast(), t.id.desc().nullsLast()),
    // Status in the spec's workflow order: must match STATUS_RANK_SQL in lib/jobs/list-sql.ts.
    index('jobs_client_status_rank_idx').on(
      t.clientId,
      sql`array_position('{15,12,6,9,1,2,7,4,14,8,3,13,10}'::smallint[], ${t.status})`,
      t.id,
    ),
    index('jobs_client_matter_idx').on(t.clientId, t.matterReference, t.id),
    index('jobs_client_contact_idx').on(t.clientId, t.contactName, t.id),
    index('jobs_client_description_idx').on(t.clientId, t.description, t.id),
    // 'contains' filters (ILIKE '%x%') use trigram indexes.
    index('jobs_matter_trgm_idx').using('gin', sql`${t.matterReference} gin_trgm_ops`),
    index('jobs_jms_trgm_idx').using('gin', sql`${t.jmsNumber} gin_trgm_ops`),
    index('jobs_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('jobs_contact_trgm_idx').using('gin', sql`${t.contactName} gin_trgm_ops`),
    // The search box's party names: the "x vs y" matter name of a court copy or appeal book block.
    index('jobs_party_trgm_idx').using('gin', sql`(${t.instructionBlock} ->> 'MatterName') gin_trgm_ops`),
    // The staff job queue across all clients (lib/ops/queue-sql.ts): its sorts without a client filter.
    index('jobs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('jobs_due_idx').on(t.dueAt, t.id),
    index('jobs_jms_num_idx').on(sql`char_length(${t.jmsNumber})`, t.jmsNumber, t.id),
    index('jobs_status_rank_idx').on(
      sql`array_position('{15,12,6,9,1,2,7,4,14,8,3,13,10}'::smallint[], ${t.status})`,
      t.id,
    ),
    index('jobs_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // The queue's "Overdue" filter: open jobs (not Delivered 8 or Cancelled 10, no delivery time) by due time.
    // Its WHERE is OPEN_JOB in lib/jobs/list-sql.ts, written the same way so that every plan can prove it.
    index('jobs_open_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.status} not in (8, 10) and ${t.deliveredAt} is null`),
    // The queue's "mine"/"assigned to" and "unassigned" filters, the overview's delivered-per-day.
    index('jobs_assigned_created_idx')
      .on(t.assignedToId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.assignedToId} is not null`),
    index('jobs_unassigned_open_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.assignedToId} is null and ${t.status} not in (8, 10) and ${t.deliveredAt} is null`),
    index('jobs_delivered_at_idx')
      .on(t.deliveredAt, t.id)
      .where(sql`${t.deliveredAt} is not null`),
    // The same open jobs per client (the /JobClient strip's due-within-24-hours and overdue counts and their lists).
    index('jobs_client_open_due_idx')
      .on(t.clientId, t.dueAt, t.id)
      .where(sql`${t.status} not in (8, 10) and ${t.deliveredAt} is null`),
    // A user's own jobs (lib/jobs/list-sql.ts ownJobOf): ordered by them, or naming them as contact.
    index('jobs_client_creator_idx').on(t.clientId, t.createdById, t.status, t.dueAt, t.deliveredAt, t.id),
    index('jobs_client_email_idx').on(t.clientId, sql`lower(${t.email})`, t.createdById, t.id),
    check('jobs_copies_ck', sql`${t.numberOfCopies} is null or ${t.numberOfCopies} > 0`),
  ],
);

/**
 * How many jobs each client has in each status, kept exact by statement-level triggers on `jobs` (insert,
 * update, delete, truncate) in the same transaction as the change; see the job_status_counts migration and
 * docs/decisions/008-job-list-counting.md. The job list's TotalCount (unfiltered, status and client-name
 * filters) and the staff queue's totals read it instead of counting jobs.
 */
export const jobStatusCounts = pgTable(
  'job_status_counts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    status: smallint('status')
      .notNull()
      .references(() => jobStatuses.id),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.status] })],
);

/** The kinds of `job_attention_counts`. */
export const JOB_ATTENTION_KIND = { deliveredWithFiles: 1, deliveredWithoutFeedback: 2 } as const;

/**
 * Delivered jobs (status 8) per client with files to download (kind 1: a live deliverable) and without feedback
 * (kind 2), kept exact by triggers on `jobs`, `documents` and `job_feedback` in the same transaction as the change
 * (migration 0016). The /JobClient strip and the list behind each of those counts read them instead of counting.
 */
export const jobAttentionCounts = pgTable(
  'job_attention_counts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: smallint('kind').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.kind] })],
);

/** Uploaded files. A document is uploaded first (job_id null) and attached when the job is saved. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    jobId: integer('job_id').references(() => jobs.id),
    /** Generated storage name; never derived from the uploaded file name. */
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadType: smallint('upload_type').notNull().default(5),
    uploadedById: integer('uploaded_by_id').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
    /** SHA-256 of the bytes (hex), computed while they streamed to storage; null only for files stored before receipts. */
    sha256: text('sha256'),
    /** 'source' (the client's upload for the order) or 'deliverable' (a finished file attached by staff). */
    kind: text('kind', { enum: ['source', 'deliverable'] })
      .notNull()
      .default('source'),
    /** When a download found the stored bytes no longer matching sha256 (reported once, never served). */
    integrityFailedAt: ts('integrity_failed_at'),
    /**
     * A staff member's upload for a message: held back from the firm until a message to the firm
     * carries it; an internal note's files stay held back. The firm can neither list, download nor attach it.
     */
    staffOnly: boolean('staff_only').notNull().default(false),
  },
  (t) => [
    uniqueIndex('documents_storage_key_uq').on(t.storageKey),
    index('documents_job_idx').on(t.jobId),
    index('documents_client_idx').on(t.clientId),
    index('documents_unattached_idx')
      .on(t.createdAt)
      .where(sql`job_id is null and deleted_at is null`),
  ],
);

/**
 * A direct-to-bucket upload waiting for its check: the browser PUTs the bytes to a presigned URL that
 * fixes the key, the size and the SHA-256; the portal then reads the object back (size, SHA-256, clamd) and only
 * then writes its documents row. Rows expire; the orphan sweep removes what was never completed.
 */
export const uploadIntents = pgTable(
  'upload_intents',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The SHA-256 the browser computed (hex); S3 refuses a PUT whose bytes do not match it. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('upload_intents_storage_key_uq').on(t.storageKey),
    index('upload_intents_client_idx').on(t.clientId),
    index('upload_intents_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The order a user has in progress: one per user, saved while they type, offered back on the next new
 * order. Never a job (no number, no alert, nothing for staff); it expires after 30 days (lib/jobs/drafts.ts).
 */
export const jobDrafts = pgTable(
  'job_drafts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The form values as typed (validated only when the job is saved). */
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** Uploaded, not yet attached documents of the draft's client. */
    documentIds: jsonb('document_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_drafts_user_uq').on(t.userId), index('job_drafts_updated_idx').on(t.updatedAt)],
);

/**
 * A change the firm asked for after work on its job started: a cancellation (with its reason) or an
 * amendment (the order's values, validated as on the form, and new uploads). Staff accept or decline it on the
 * staff job page (lib/jobs/changes.ts). At most one pending per job.
 */
export const jobChangeRequests = pgTable(
  'job_change_requests',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind', { enum: ['cancel', 'amend'] }).notNull(),
    reason: text('reason').notNull().default(''),
    values: jsonb('values').$type<Record<string, unknown>>(),
    documentIds: jsonb('document_ids').$type<number[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    requestedById: integer('requested_by_id')
      .notNull()
      .references(() => users.id),
    requestedByName: text('requested_by_name').notNull(),
    decidedById: integer('decided_by_id').references(() => users.id),
    decidedByName: text('decided_by_name'),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('job_change_requests_pending_uq')
      .on(t.jobId)
      .where(sql`status = 'pending'`),
    index('job_change_requests_client_idx').on(t.clientId, t.createdAt),
    check('job_change_requests_kind_ck', sql`${t.kind} in ('cancel', 'amend')`),
    check('job_change_requests_status_ck', sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);

/**
 * The conversation on a job: messages between the firm's users and the provider's staff, plain text,
 * with attachments (documents of the job's client), and staff internal notes (`internal`, never shown to the firm).
 */
export const jobMessages = pgTable(
  'job_messages',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    side: text('side', { enum: ['client', 'staff'] }).notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    documentIds: jsonb('document_ids').$type<number[]>().notNull().default([]),
    /** A staff internal note: staff only, never in an answer to the firm (nor its attachments). */
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_messages_job_idx').on(t.jobId, t.createdAt),
    check('job_messages_side_ck', sql`${t.side} in ('client', 'staff')`),
    check('job_messages_internal_ck', sql`NOT ${t.internal} OR ${t.side} = 'staff'`),
  ],
);

export const jobFeedback = pgTable(
  'job_feedback',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** FeedBack: the rating given (1 to 5). */
    feedback: smallint('feedback').notNull(),
    comments: text('comments').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  // One feedback per job (lib/jobs/feedback.ts answers 409 for a second one).
  (t) => [
    uniqueIndex('job_feedback_job_uq').on(t.jobId),
    check('job_feedback_rating_ck', sql`${t.feedback} between 1 and 5`),
  ],
);

export const commentHistory = pgTable(
  'comment_history',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    comment: text('comment').notNull(),
    statusId: smallint('status_id').references(() => jobStatuses.id),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    /** Internal-only: staff see it, the client never does (not on the slip, not in CommentHistoryDetail). */
    isInternal: boolean('is_internal').notNull().default(false),
    /** The staff member who wrote it (null: a system actor, named in created_by_name). */
    createdById: integer('created_by_id').references(() => users.id),
  },
  (t) => [index('comment_history_job_idx').on(t.jobId, t.createdAt)],
);

/** Every status change of a job (lib/jobs/workflow.ts): who, when, from and to, and the comment written with it. */
export const jobStatusChanges = pgTable(
  'job_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    fromStatus: smallint('from_status')
      .notNull()
      .references(() => jobStatuses.id),
    toStatus: smallint('to_status')
      .notNull()
      .references(() => jobStatuses.id),
    /** The staff member (null for a system actor such as the integration API). */
    changedById: integer('changed_by_id').references(() => users.id),
    changedByName: text('changed_by_name').notNull(),
    commentId: integer('comment_id').references(() => commentHistory.id),
    createdAt: createdAt(),
  },
  (t) => [index('job_status_changes_job_idx').on(t.jobId, t.createdAt)],
);

/** Every assignment of a job to a staff user, or un-assignment (lib/jobs/assign.ts): who, to whom, from whom, when. */
export const jobAssignments = pgTable(
  'job_assignments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    fromUserId: integer('from_user_id').references(() => users.id),
    fromName: text('from_name'),
    /** Null: the job was unassigned. */
    toUserId: integer('to_user_id').references(() => users.id),
    toName: text('to_name'),
    /** The staff member (null for a system actor such as the integration API). */
    changedById: integer('changed_by_id').references(() => users.id),
    changedByName: text('changed_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_assignments_job_idx').on(t.jobId, t.createdAt)],
);

/** Job alerts waiting for a user's daily digest (users.job_alert_mode = 'digest'). */
export const jobAlertDigestItems = pgTable(
  'job_alert_digest_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    statusId: smallint('status_id')
      .notNull()
      .references(() => jobStatuses.id),
    /** The client-visible comment written with the change, if any. */
    comment: text('comment'),
    changedAt: ts('changed_at').notNull(),
  },
  (t) => [index('job_alert_digest_items_user_idx').on(t.userId, t.id)],
);

/**
 * One row per user with a digest to send: when it is due (the next 08:00 in the user's zone after the first
 * waiting alert). A task of the one queue (lib/core/queue.ts, lease and attempts), so several instances never send
 * one twice.
 */
export const jobAlertDigests = pgTable(
  'job_alert_digests',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    dueAt: ts('due_at').notNull(),
    // The one queue's bookkeeping (lib/core/queue.ts): due at due_at.
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('job_alert_digests_due_idx').on(t.dueAt)],
);

// ---------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    jobId: integer('job_id').references(() => jobs.id),
    jmsNumber: text('jms_number').notNull(),
    matterReference: text('matter_reference').notNull().default(''),
    extClientBranchId: text('ext_client_branch_id'),
    invoiceNumber: text('invoice_number').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull().default('AUD'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    /**
     * Nothing is left to pay: payments and adjustment notes reach `amount`, or the invoice is void. The status shown
     * is Void when `voidedAt` is set, else Paid.
     */
    isPaid: boolean('is_paid').notNull().default(false),
    /** The GST in `amount` (the total payable), whole cents. */
    gst: numeric('gst', { precision: 12, scale: 2 }).notNull().default('0'),
    /** What payments have covered so far; the invoice is paid when it reaches `amount`. */
    amountPaid: numeric('amount_paid', { precision: 12, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    /** Set when an issued invoice with no payment is voided (with `voidReason`); a void invoice is owed nothing. */
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    /** What the invoice's adjustment notes (credit_notes) have credited so far. */
    amountCredited: numeric('amount_credited', { precision: 12, scale: 2 }).notNull().default('0'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.invoiceNumber),
    index('invoices_client_issue_idx').on(t.clientId, t.issueDate.desc(), t.id.desc()),
    index('invoices_client_jms_idx').on(t.clientId, t.jmsNumber),
    index('invoices_client_amount_idx').on(t.clientId, t.amount),
    // The /Ops overview's unpaid and overdue invoices.
    index('invoices_unpaid_due_idx')
      .on(t.dueDate, t.id)
      .where(sql`not ${t.isPaid}`),
    // The charts' spend by month and by matter (lib/reports/): a client's last 12 months from the index alone.
    // The migration (0018) adds INCLUDE (amount, matter_reference, job_id), which Drizzle cannot spell.
    index('invoices_client_issue_spend_idx').on(t.clientId, t.issueDate),
    index('invoices_matter_trgm_idx').using('gin', sql`${t.matterReference} gin_trgm_ops`),
    index('invoices_number_trgm_idx').using('gin', sql`${t.invoiceNumber} gin_trgm_ops`),
    index('invoices_jms_trgm_idx').using('gin', sql`${t.jmsNumber} gin_trgm_ops`),
    // A matter's invoices (/Matter), and the unpaid ones by due date (the /Invoice list behind the strip's links).
    index('invoices_client_matter_idx').on(t.clientId, t.matterReference, t.id),
    index('invoices_client_unpaid_idx')
      .on(t.clientId, t.dueDate, t.id)
      .where(sql`not ${t.isPaid}`),
    // A job's invoices: a change of the job's order type moves their spend in the report counters (migration 0025).
    index('invoices_job_idx')
      .on(t.jobId)
      .where(sql`${t.jobId} is not null`),
    // A firm's voided invoices: the void entries of its ledger (lib/invoices/ledger.ts).
    index('invoices_client_voided_idx')
      .on(t.clientId, t.voidedAt)
      .where(sql`${t.voidedAt} is not null`),
  ],
);

/**
 * How many invoices each client has, paid and unpaid, kept exact by statement-level triggers on `invoices` in the
 * same transaction as every change (the invoice_user_counts migration, docs/decisions/008-job-list-counting.md).
 * The unfiltered invoice list reads its TotalCount here.
 */
export const invoiceCounts = pgTable(
  'invoice_counts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    isPaid: boolean('is_paid').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.isPaid] })],
);

/**
 * Unpaid invoices per client, currency and due date ('infinity' when none): how many and their amount in whole
 * cents, kept by triggers on `invoices` in the same transaction as every change (migration 0016). The /JobClient
 * strip's unpaid count, total and overdue count (due before today) sum a client's rows here.
 */
export const invoiceUnpaidCounts = pgTable(
  'invoice_unpaid_counts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'invoice_unpaid_counts_pk', columns: [t.clientId, t.currencyCode, t.dueDate] })],
);

/**
 * The /Reports charts' counters (migration 0025, docs/decisions/034-report-counters.md), kept exact by triggers on
 * `jobs` and `invoices` in the same transaction as every change: jobs ordered per client and UTC day; invoices (how
 * many, and their amount in whole cents) per client, issue month and order type of the invoice's job (0: none); and
 * per client, issue month and matter reference. lib/reports/spend.ts reads them.
 */
export const jobCreatedCounts = pgTable(
  'job_created_counts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'job_created_counts_pk', columns: [t.clientId, t.day] })],
);

export const invoiceSpendCounts = pgTable(
  'invoice_spend_counts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The first day of the issue month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The order type of the invoice's job (invoices.job_id); 0 for an invoice not linked to a job. */
    orderType: smallint('order_type').notNull(),
    n: integer('n').notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'invoice_spend_counts_pk', columns: [t.clientId, t.month, t.orderType] })],
);

export const invoiceMatterSpendCounts = pgTable(
  'invoice_matter_spend_counts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    month: date('month', { mode: 'string' }).notNull(),
    matterReference: text('matter_reference').notNull(),
    n: integer('n').notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'invoice_matter_spend_counts_pk', columns: [t.clientId, t.month, t.matterReference] })],
);

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    extStockId: text('ext_stock_id').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 4 }).notNull(),
    /** Before GST. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** The line's GST, whole cents (lib/invoices/gst.ts). */
    gst: numeric('gst', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('invoice_line_items_invoice_idx').on(t.invoiceId)],
);

/**
 * The jobs an invoice is for (one or more of a client's jobs). invoices.job_id / jms_number
 * hold the first of them (the one the list, the filter and the pay link name).
 */
export const invoiceJobs = pgTable(
  'invoice_jobs',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    /**
     * True while the invoice bills the job; false once it is voided or fully credited (or, from older data, when an
     * earlier invoice already billed the job). A job is on one live invoice at most (migration 0028).
     */
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.jobId] }),
    index('invoice_jobs_job_idx').on(t.jobId),
    uniqueIndex('invoice_jobs_live_job_uq')
      .on(t.jobId)
      .where(sql`${t.live}`),
  ],
);

/**
 * The last invoice number of each firm's own series (migration 0029): taken and advanced in the issuing transaction,
 * so parallel issues get consecutive numbers and a rolled-back issue leaves no gap (lib/invoices/numbers.ts).
 */
export const invoiceNumberSeries = pgTable('invoice_number_series', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The last number of each firm's adjustment (credit) note series, like invoice_number_series. */
export const creditNoteNumberSeries = pgTable('credit_note_number_series', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The supplier on every invoice (one row, id 1), kept in /Ops/Billing. */
export const supplierSettings = pgTable(
  'supplier_settings',
  {
    id: smallint('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    abn: text('abn').notNull().default(''),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankBsb: text('bank_bsb').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    /** Basis points: 1000 = 10%. */
    gstRateBp: integer('gst_rate_bp').notNull().default(1000),
    logoBase64: text('logo_base64'),
    logoType: text('logo_type'),
    /** The e-mails' brand colour, `#rrggbb` in lower case, white text on it passing WCAG AA; null: the portal's. */
    brandColour: text('brand_colour'),
    /** Payment reminders: days before the due date, and days after it (empty: none). */
    reminderDaysBefore: smallint('reminder_days_before')
      .array()
      .notNull()
      .default(sql`'{3}'::smallint[]`),
    reminderDaysAfter: smallint('reminder_days_after')
      .array()
      .notNull()
      .default(sql`'{1,7,14}'::smallint[]`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('supplier_settings_brand_colour_ck', sql`${t.brandColour} is null or ${t.brandColour} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * A firm's billing contacts, in the order its administrator gave them (lib/invoices/billing-contacts.ts); a firm
 * with none has its active administrators.
 */
export const clientBillingContacts = pgTable(
  'client_billing_contacts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    position: smallint('position').notNull(),
    email: text('email').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'client_billing_contacts_pk', columns: [t.clientId, t.position] }),
    uniqueIndex('client_billing_contacts_email_uq').on(t.clientId, sql`lower(${t.email})`),
  ],
);

/**
 * Payment reminders, one work row of the one queue per invoice and step (days from the due date: negative before,
 * positive after), written when the step's day comes (lib/invoices/reminders.ts).
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    step: smallint('step').notNull(),
    /** pending | sending | sent | stopped | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_reminders_step_uq').on(t.invoiceId, t.step),
    index('invoice_reminders_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** A client's price list: a unit price before GST per order type. */
export const clientPrices = pgTable(
  'client_prices',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    orderType: smallint('order_type')
      .notNull()
      .references(() => orderTypes.id),
    extStockId: text('ext_stock_id').notNull(),
    description: text('description').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 4 }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'client_prices_pk', columns: [t.clientId, t.orderType] })],
);

/**
 * An adjustment note: credits all or part of an issued invoice (amount includes its GST), with its own number and
 * reason. The invoice's amount_credited is their sum.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    creditNoteNumber: text('credit_note_number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    gst: numeric('gst', { precision: 12, scale: 2 }).notNull().default('0'),
    currencyCode: char('currency_code', { length: 3 }).notNull().default('AUD'),
    reason: text('reason').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_uq').on(t.creditNoteNumber),
    index('credit_notes_client_date_idx').on(t.clientId, t.issueDate),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    check('credit_notes_amount_positive', sql`${t.amount} > 0`),
    check('credit_notes_gst_within_amount', sql`${t.gst} >= 0 AND ${t.gst} <= ${t.amount}`),
  ],
);

/** A payment received from a client, spread over its invoices by payment_allocations. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull().default('AUD'),
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('payments_client_date_idx').on(t.clientId, t.paymentDate)],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'payment_allocations_pk', columns: [t.paymentId, t.invoiceId] }),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
  ],
);

// ---------------------------------------------------------------------------
// Notices, help, build, logs, exceptions, audit, mail
// ---------------------------------------------------------------------------

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  /** Shown from (null: at once) until (null: until retired). */
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  retiredAt: ts('retired_at'),
  /** Bumped when the title or content changes: a dismissal of an older revision no longer hides it. */
  revision: integer('revision').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const noticeDismissals = pgTable(
  'notice_dismissals',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** The notice revision that was dismissed. */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

export const contextualHelp = pgTable('contextual_help', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  /** Retired help texts are kept but no longer served. */
  retiredAt: ts('retired_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const buildDetails = pgTable('build_details', {
  id: serial('id').primaryKey(),
  buildNumber: text('build_number').notNull(),
  buildVersion: text('build_version').notNull(),
  createdAt: createdAt(),
});

/** Log entries of spec §3: Area 15 (job upload), Action 10 (upload) / 11 (clone document). */
export const logEntries = pgTable(
  'log_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    clientId: integer('client_id').references(() => clients.id),
    area: smallint('area').notNull(),
    action: smallint('action').notNull(),
    os: text('os'),
    browser: text('browser'),
    userName: text('user_name'),
    jobId: integer('job_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('log_entries_created_idx').on(t.createdAt)],
);

export const exceptionReports = pgTable(
  'exception_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message: text('message').notNull(),
    innerException: text('inner_exception'),
    stackTrace: text('stack_trace'),
    status: integer('status'),
    url: text('url'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
    /** SHA-256 of what makes two reports the same error (kind, message, status, stack): lib/errors/report.ts. */
    fingerprint: text('fingerprint'),
    /** How often this error was seen while this row was the newest of its fingerprint (the first minute: one e-mail). */
    occurrences: integer('occurrences').notNull().default(1),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [index('exception_reports_fingerprint_idx').on(t.fingerprint, t.createdAt)],
);

/**
 * Fixed-window counters of the rate limits that must hold across stateless instances (anonymous error and CSP
 * reports per client IP): one row per key and window, incremented atomically (lib/core/rate-limit.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Who did what: user administration, password changes, sign-in events. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    clientId: integer('client_id').references(() => clients.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    /** The request's client IP and User-Agent (sign-ins, exports, ...); null when the event had no request. */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  // Append-only: a trigger (migration 0003) refuses UPDATE, DELETE and TRUNCATE.
  (t) => [
    index('audit_log_client_idx').on(t.clientId, t.createdAt),
    index('audit_log_client_actor_idx').on(t.clientId, t.actorUserId, t.createdAt),
  ],
);

/**
 * A client's security policy, set by its administrators: two-factor required, a firm idle timeout
 * shorter than the portal's, the e-mail domains allowed for its users, single sign-on required. No row: no policy.
 */
export const clientSecurityPolicies = pgTable(
  'client_security_policies',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id),
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** Minutes; null: the portal's SESSION_IDLE_MINUTES. */
    idleTimeoutMinutes: integer('idle_timeout_minutes'),
    /** Lower-case domains (example.com); empty: any domain. */
    allowedEmailDomains: text('allowed_email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requireSso: boolean('require_sso').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedById: integer('updated_by_id').references(() => users.id),
  },
  (t) => [
    check('client_security_policies_idle_ck', sql`${t.idleTimeoutMinutes} is null or ${t.idleTimeoutMinutes} > 0`),
  ],
);

/** E-mail outbox: rows written in the caller's transaction, sent by the worker with retries. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stable Message-ID, so a retry after an uncertain send is recognisable. */
    messageId: text('message_id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** pending | sending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    /** What the message is about (otp, reset, alert, exception, test, ...), for tests and operators. */
    kind: text('kind').notNull().default('general'),
    /** Extra headers the SMTP message carries (e.g. List-Unsubscribe), name → value. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** What the message carries attached, rendered when it is sent (lib/mail/attachments.ts); null: nothing. */
    attachments: jsonb('attachments').$type<{ kind: string; id: number }[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_message_id_uq').on(t.messageId),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Instance-wide settings the application keeps in the database (e.g. generated secrets). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// ---------------------------------------------------------------------------
// Integration API: API keys and idempotency records
// ---------------------------------------------------------------------------

/**
 * Keys of the /api/v1 integration API, created by a provider administrator (/Ops/ApiKeys). The key itself is
 * shown once; only its SHA-256 is stored, found by its public prefix (lib/integration/api-keys.ts).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The public part of the key (jms_<prefix>_…), to find its row without scanning. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    secretHash: text('secret_hash').notNull(),
    /** Among jobs:read, jobs:write, invoices:write, files:write. */
    scopes: text('scopes').array().notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedById: integer('revoked_by_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_uq').on(t.prefix),
    uniqueIndex('api_keys_active_name_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.revokedAt} is null`),
    check(
      'api_keys_scopes_ck',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ '{jobs:read,jobs:write,invoices:write,files:write}'::text[]`,
    ),
  ],
);

/**
 * Idempotency-Key records of /api/v1 writes (per key): the request's fingerprint and, once answered, the answer
 * to replay. status null: the first request is still being processed (until locked_until).
 */
export const apiIdempotencyRecords = pgTable(
  'api_idempotency_records',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    idempotencyKey: text('idempotency_key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of method, path and body. */
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status'),
    response: jsonb('response').$type<unknown>(),
    lockedUntil: ts('locked_until'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.idempotencyKey] }),
    index('api_idempotency_records_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Integration: the commit-ordered event log and webhooks (migration 0011; the triggers that write
// the log live in the migration, docs/decisions/014-integration-change-feed.md).
// ---------------------------------------------------------------------------

/** Numbers taken at commit, in commit order (integration_commits.seq). */
export const integrationCommitSeq = pgSequence('integration_commit_seq');

/** One row per change, written by triggers in the writing transaction. */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The writing transaction (txid_current()); its commit number is in integration_commits. */
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    /** job.created | job.changed | job.status_changed | job.feedback | invoice.issued | invoice.paid | invoice.voided | credit_note.issued | payment.received */
    kind: text('kind').notNull(),
    jobId: integer('job_id'),
    invoiceId: integer('invoice_id'),
    clientId: integer('client_id').notNull(),
    jmsNumber: text('jms_number'),
    invoiceNumber: text('invoice_number'),
    status: smallint('status'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: ts('occurred_at').notNull(),
  },
  (t) => [index('integration_events_txid_idx').on(t.txid, t.id)],
);

/** One marker per transaction that wrote events; seq is assigned at commit, in commit order. */
export const integrationCommits = pgTable(
  'integration_commits',
  {
    txid: bigint('txid', { mode: 'number' }).primaryKey(),
    seq: bigint('seq', { mode: 'number' }),
  },
  (t) => [uniqueIndex('integration_commits_seq_uq').on(t.seq)],
);

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  /** The whsec_ signing secret, AES-256-GCM under TOTP_ENCRYPTION_KEY (lib/security/seal.ts). */
  secretEncrypted: text('secret_encrypted').notNull(),
  /** The commit number the log had when the endpoint was registered: it gets the events committed after it. */
  startSeq: bigint('start_seq', { mode: 'number' }).notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdById: integer('created_by_id').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  disabledAt: ts('disabled_at'),
});

/** Where the webhook dispatcher has read the event log up to (one row, id 1). */
export const webhookDispatchState = pgTable(
  'webhook_dispatch_state',
  {
    id: smallint('id').primaryKey(),
    cursorSeq: bigint('cursor_seq', { mode: 'number' }).notNull().default(0),
    cursorEvent: bigint('cursor_event', { mode: 'number' }).notNull().default(0),
    // The one queue's bookkeeping (lib/core/queue.ts): the dispatcher is a task of it.
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().default(new Date(0)),
    lockedUntil: ts('locked_until'),
  },
  (t) => [check('webhook_dispatch_state_one_row', sql`${t.id} = 1`)],
);

/** The webhook outbox: one message per endpoint and event, sent by lib/webhooks/worker.ts. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => integrationEvents.id),
    /** The webhook-id header (msg_…): the same on every attempt, so a receiver can drop duplicates. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** Deliveries with one key (job:<id>, invoice:<id>) for one endpoint are sent strictly in order. */
    orderKey: text('order_key').notNull(),
    positionSeq: bigint('position_seq', { mode: 'number' }).notNull(),
    positionEvent: bigint('position_event', { mode: 'number' }).notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    body: text('body').notNull(),
    /** pending | sending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lockedUntil: ts('locked_until'),
    lastAttemptAt: ts('last_attempt_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    /** A person asked to send it again ("Send again"): the next attempt is logged as theirs. */
    resendRequested: boolean('resend_requested').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    uniqueIndex('webhook_deliveries_message_uq').on(t.messageId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.orderKey, t.positionSeq, t.positionEvent)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_log_idx').on(t.endpointId, t.id),
    check('webhook_deliveries_status_ck', sql`${t.status} in ('pending', 'sending', 'delivered', 'failed')`),
  ],
);

/** Every attempt to send a delivery, with the receiver's answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptedAt: ts('attempted_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    httpStatus: integer('http_status'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    /** Sent because staff pressed "send again". */
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

// ---------------------------------------------------------------------------
// News as it happens (lib/jobs/news.ts, migration 0017)
// ---------------------------------------------------------------------------

/**
 * One row per client user and event (a status change, a file attached, an invoice issued), written in the
 * transaction of the change. Numbered at commit through integration_commits (the same marker as the integration
 * events); each inserting statement sends NOTIFY jms_news with the users concerned.
 */
export const userNews = pgTable(
  'user_news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The writing transaction (txid_current()); its commit number is in integration_commits. */
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    jobId: integer('job_id').references(() => jobs.id),
    invoiceId: integer('invoice_id'),
    /** job.status_changed | job.file_added | invoice.issued */
    kind: text('kind').notNull(),
    status: smallint('status'),
    /** The line the bell shows: the alert e-mail's subject. */
    title: text('title').notNull(),
    /** Where the bell links (relative): the job slip, or the invoice. */
    href: text('href').notNull(),
    /** The user's alert scope covers it (their own job, or they chose the firm's): listed in the bell. */
    inBell: boolean('in_bell').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('user_news_user_idx').on(t.userId, t.occurredAt),
    index('user_news_unread_idx')
      .on(t.userId)
      .where(sql`${t.inBell} AND ${t.readAt} IS NULL`),
    index('user_news_txid_idx').on(t.txid),
    check(
      'user_news_kind_ck',
      sql`${t.kind} in ('job.status_changed', 'job.file_added', 'invoice.issued', 'job.message')`,
    ),
  ],
);
