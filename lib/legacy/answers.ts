/**
 * The answers of the legacy api/* calls (spec §3 shapes, §7 calls) as zod schemas. Each route names its answer in
 * its options (`response:`); tsc checks that the handler's result fits it, the OpenAPI document shows it, and the
 * API fuzzer checks every live answer against it (objects are closed: an undocumented field is a failure).
 * Browser-safe: no server imports.
 */
import { z } from 'zod';
import { byLegacyName } from '@/lib/job-fields';

/** An instant as ISO 8601 in UTC (e.g. 2026-03-04T00:30:00.000Z). */
const instant = z.string().describe('ISO 8601 instant (UTC)');
const id = z.number().int();
const list = <T extends z.ZodType>(item: T) => z.array(item);
/** An instruction block in its legacy PascalCase shape (spec §3 blocks; keys per block in the job payload). */
const block = z.record(z.string(), z.unknown());

export const trueAnswer = z.literal(true);
export const booleanAnswer = z.boolean();

// ---- Authentication (spec §3 "Sign-in") ------------------------------------------------------------------

export const signInAnswer = z.object({
  IsLoggedIn: z.boolean(),
  jwtToken: z.string().nullable(),
  IsAccountLocked: z.boolean(),
  IsResetPassword: z.boolean(),
  IsPasswordExpired: z.boolean(),
  /** Seconds the OTP stays valid (0 when no OTP is pending). */
  signinOTPExpireTimeout: z.number().int(),
  SigninOTPExpireText: z.string(),
  LStatus: z.number().int().min(0).max(9),
  FailedLoginAttempt: z.number().int(),
  LoginAttemptLeft: z.number().int(),
  /** The pending sign-in: send it back with the OTP (AuthenticateUser) or to ResendOTP. */
  ChallengeId: z.string().nullable(),
  /** Also in the OTP e-mail's subject. */
  OtpReference: z.string().nullable(),
  IsCaptchaRequired: z.boolean(),
  /** The forced-change token and page (IsResetPassword / IsPasswordExpired). */
  ResetPasswordToken: z.string().nullable(),
  ResetPasswordUrl: z.string().nullable(),
  Message: z.string().nullable(),
  /** How the pending sign-in's code is checked: 'email' (the e-mailed OTP) or 'app' (an authenticator app). */
  OtpMethod: z.enum(['email', 'app']).nullable(),
});

/** POST api/Authentication/TwoFactorInit: a new authenticator-app secret, to confirm with TwoFactorInitResponse. */
export const twoFactorInitAnswer = z.object({
  Secret: z.string(),
  OtpAuthUri: z.string(),
  QrCode: z.string(),
  ExpiresInSeconds: z.number().int(),
});

/** POST api/Authentication/TwoFactorInitResponse: the ten single-use recovery codes, shown once. */
export const twoFactorConfirmAnswer = z.object({ RecoveryCodes: z.array(z.string()) });

export const userSessionAnswer = z.object({
  UserName: z.string(),
  UserId: id,
  ClientId: id.nullable(),
  Role: id,
  IsUserClient: z.boolean(),
  EnableTour: z.boolean(),
});

/** The altcha challenge the captcha widget solves. */
export const captchaChallengeAnswer = z.looseObject({}).describe('An altcha proof-of-work challenge');

export const lookedUpUserAnswer = z
  .object({
    UserId: id,
    FirstName: z.string(),
    LastName: z.string(),
    EmailId: z.string(),
    Phone: z.string(),
    UserName: z.string(),
    Role: id,
    TimeZoneId: z.string(),
    FailedLoginAttempt: z.number().int(),
    IsAccountLocked: z.boolean(),
    ResetPassword: z.boolean(),
    ClientId: id.nullable(),
  })
  .nullable();

export const isLoggedInAnswer = z.object({ IsLoggedIn: z.boolean() });
export const buildDetailsAnswer = z.object({ BuildNumber: z.string(), BuildVersion: z.string() });
export const tourAnswer = z.object({ EnableTour: z.boolean() });
export const redirectAnswer = z.object({ RedirectUrl: z.string() });

// ---- Password reset and settings (spec §7) -----------------------------------------------------------------

/** CheckPasswordExpiryLink: true valid, false expired, null invalid. */
export const linkStateAnswer = z.boolean().nullable();
/** ResetPassword: 0 recent-password reuse, 1 success, null failure. */
export const resetResultAnswer = z.union([z.literal(0), z.literal(1)]).nullable();
/** Settings/User/Update: 0 nothing updated, 1 success, 2 recent-password reuse. */
export const settingsResultAnswer = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const timeZonesAnswer = list(z.object({ TimeZoneId: z.string(), DisplayName: z.string() }));
export const userAlertsAnswer = list(z.object({ JobStatusId: id, JobStatus: z.string(), IsSelected: z.boolean() }));

// ---- Notice, help, reporting -------------------------------------------------------------------------------

export const noticeAnswer = z.object({ NoticeId: id, Title: z.string(), Content: z.string() }).nullable();
export const helpListAnswer = list(z.object({ ContextualHelpKey: z.string(), ContextualHelpValue: z.string() }));
export const intakeAnswer = z.object({ Stored: z.boolean(), Reason: z.enum(['duplicate', 'rate-limited']).optional() });
export const logAddAnswer = z.object({ LoggingId: id });

// ---- Job lookups (spec §3 "Location", "Court selection flags") -----------------------------------------------

export const branchAddressesAnswer = list(
  z.object({
    ClientBranchAddressId: id,
    Text: z.string(),
    Label: z.string(),
    Address: z.string(),
    IsDefault: z.boolean(),
    ExtClientBranchId: z.string().nullable(),
  }),
);
export const processingCitiesAnswer = list(z.object({ ProcessingCityId: id, Text: z.string() }));
export const orderTypesAnswer = list(z.object({ OrderTypeId: id, Text: z.string() }));
export const courtFlagsAnswer = z.object({
  EnableFilingMethod: z.boolean(),
  EnablePhotocopyMethod: z.boolean(),
  EnableScanMethod: z.boolean(),
  EnableBothPhotocopyAndScanMethod: z.boolean(),
  EnableSCGen: z.boolean(),
  EnableMessage: z.boolean(),
  MessageDescription: z.string().nullable(),
});
export const courtsAnswer = list(
  z.object({ CourtId: id, Text: z.string(), JobType: id, LocationId: id.nullable(), ...courtFlagsAnswer.shape }),
);
export const locationsAnswer = list(
  z.object({ LocationId: id, Text: z.string(), BranchId: id.nullable(), AlternateBranch: z.boolean() }),
);
export const countriesAnswer = list(z.object({ CountryId: id, Text: z.string() }));
export const branchesAnswer = list(z.object({ BranchId: id, Text: z.string(), CountryId: id }));
export const matterReferencesAnswer = list(z.string());
export const zonedNowAnswer = z.object({
  DateTime: z.string(),
  TimeZoneId: z.string(),
  UtcOffset: z.string(),
  Utc: instant,
});
export const timeFiltersAnswer = list(z.object({ Id: id, Text: z.string() }));

// ---- Jobs (spec §3 "Job (payload)", "Job list query and answer", "Job slip", "Job feedback") ------------------------

export const jobListAnswer = z.object({
  Jobs: list(
    z.object({
      JobId: id,
      JMSNumber: z.string(),
      MatterReference: z.string(),
      JobShortDescription: z.string(),
      ContactName: z.string(),
      OrderType: id,
      OrderTypeName: z.string(),
      JobStatusId: id,
      Status: z.string(),
      TimeCreated: instant.nullable(),
      TimeDue: instant.nullable(),
      TimeDelivered: instant.nullable(),
      TimeCreatedDisplay: z.string(),
      TimeDueDisplay: z.string(),
      TimeDeliveredDisplay: z.string(),
      HasFeedback: z.boolean(),
      IsInvoiced: z.boolean(),
    }),
  ),
  TotalCount: z.number().int(),
  ItemsPerPage: z.number().int(),
});

export const jobDocumentAnswer = z.object({
  DocumentId: id,
  FileName: z.string(),
  ContentType: z.string(),
  Size: z.number().int(),
  /** The SHA-256 receipt taken while the upload streamed (hex); null for a file stored before receipts. */
  Sha256: z.string().nullable(),
});

const jobPayloadShape = {
  JobId: id,
  ProjectId: id.nullable(),
  JMSNumber: z.string(),
  OrderType: id,
  ContactName: z.string(),
  Email: z.string(),
  ContactPhone: z.string(),
  AfterHourContactNumber: z.string().nullable(),
  CostEstimateNumber: z.string().nullable(),
  MatterReference: z.string(),
  JobShortDescription: z.string(),
  Address: z.string(),
  ClientBranchAddressId: id.nullable(),
  ...byLegacyName(() => z.string().nullable()),
  DateReady: instant.nullable(),
  DateDue: instant.nullable(),
  TimeReady: z.string(),
  TimeDue: z.string(),
  DateReadyInput: z.string(),
  DateDueInput: z.string(),
  TimeReadyInput: z.string(),
  TimeDueInput: z.string(),
  DateDelivered: instant.nullable(),
  TimeZoneId: z.string(),
  ClientId: id,
  ProcessingCity: id.nullable(),
  Status: id,
  CreatedByDisplay: z.string().nullable(),
  LastModifiedBy: z.string().nullable(),
  StatusLastModifiedBy: z.string().nullable(),
  CreatedById: id.nullable(),
  LastModifiedById: id.nullable(),
  StatusLastModifiedById: id.nullable(),
  CreatedOn: instant.nullable(),
  Instructions: z.string().nullable(),
  NumberOfCopies: z.number().int().nullable(),
  WhatToCollect: z.string().nullable(),
  /** Internal staff (roles 1 and 2) only; never sent to client users. */
  InternalInstructions: z.string().nullable().optional(),
  CopyAsOriginal: z.boolean(),
  /** The copy section flags of a copy job (type 3); null otherwise. */
  CopyStatus: z.record(z.string(), z.boolean()).nullable(),
  FileName: z.string().nullable(),
  SourceFileName: z.string().nullable(),
  SourceFileId: id.nullable(),
  SourceJobId: id.nullable(),
  DocumentModel: list(jobDocumentAnswer),
  /** Finished files staff attached to the job (deliverables), with their receipts. */
  DeliveredFiles: list(jobDocumentAnswer.extend({ CreatedDate: instant })),
  /** One instruction block, by order type. */
  AppealBook: block.optional(),
  CourtCopy: block.optional(),
  copyInstructions: block.optional(),
  ePrintInstructions: block.optional(),
  eScanInstructions: block.optional(),
  /** The print or scan block again, under the name spec §3 gives it. */
  EPrintScanInstructions: block.optional(),
  CollectionDescription: z.string().optional(),
};

export const jobPayloadAnswer = z.object(jobPayloadShape);

export const feedbackAnswer = z.object({
  JobFeedBackId: id,
  JobId: id,
  FeedBack: z.number().int(),
  Comments: z.string(),
  CreatedBy: z.string().nullable(),
  CreatedOn: instant.nullable(),
});

export const jobSlipAnswer = z.object({
  ...jobPayloadShape,
  StatusName: z.string(),
  OrderTypeName: z.string(),
  ClientName: z.string(),
  ProcessingCityName: z.string().nullable(),
  SourceJobNumber: z.string().nullable(),
  LIONumber: z.string().nullable(),
  MatterType: z.string().nullable(),
  DocumentId: id.nullable(),
  JobInstructions: z.string().nullable(),
  FeedBacks: list(feedbackAnswer),
});

export const commentHistoryAnswer = list(
  z.object({
    CommentHistoryId: id,
    JobId: id,
    Comment: z.string(),
    StatusId: id.nullable(),
    Status: z.string().nullable(),
    CreatedBy: z.string(),
    CreatedOn: instant.nullable(),
  }),
);

/** POST api/Job/Add. IgnoredFields: keys of the body the job payload does not know; present only when there were some. */
export const jobAddedAnswer = z.object({
  JobId: id,
  JMSNumber: z.string(),
  IgnoredFields: list(z.string()).optional(),
});

export const userPreferenceAnswer = z.object({
  UserId: id,
  PageSize: z.number().int(),
  JobPreferenceModel: z.object({
    OrderBy: z.number().int(),
    OrderByDirection: z.number().int(),
    LIONumberFilter: z.string(),
    MatterRefFilter: z.string(),
    JobDescriptionFilter: z.string(),
    ContactNameFilter: z.string(),
    JobStatusFilter: list(id),
    ClientNameFilter: z.string(),
    TimeCreatedFilter: z.number().int(),
    TimeDueFilter: z.number().int(),
    TimeDeliveredFilter: z.number().int(),
    PageSize: z.number().int(),
  }),
});

// ---- Documents (spec §7 "Documents") -----------------------------------------------------------------------

export const documentModelAnswer = z.object({
  DocumentId: id,
  FileName: z.string(),
  Size: z.number().int(),
  ContentType: z.string(),
  UploadType: z.number().int(),
  JobId: id.nullable(),
  CreatedDate: instant,
  /** The SHA-256 receipt of the bytes received (hex); null only for files stored before receipts. */
  Sha256: z.string().nullable(),
  UploadedById: id.nullable(),
});
/** POST api/Document/DirectUpload: the file to send straight to the bucket. */
export const directUploadRequest = z.object({
  FileName: z.string().max(1000),
  Size: z.number().int().min(0),
  ContentType: z.string().max(200).nullish(),
  /** Hex SHA-256 of the file. */
  Sha256: z.string().max(64),
});
/** The presigned PUT: send the file's bytes to Url with exactly these headers, then call .../{UploadId}/Complete. */
export const directUploadAnswer = z.object({
  UploadId: id,
  Url: z.string(),
  Method: z.literal('PUT'),
  Headers: z.record(z.string(), z.string()),
  ExpiresAt: instant,
});
/** GET api/Ops/Jobs/{id}/Deliverables: the finished files staff attached to a job, with who attached them. */
export const deliveredFilesAnswer = z.array(documentModelAnswer.extend({ UploadedBy: z.string().nullable() }));
/** A plain confirmation. */
export const messageAnswer = z.object({ message: z.string() });
export const documentDeletedAnswer = z.object({ Success: z.boolean(), Message: z.string() });

// ---- Invoices (spec §3 "Invoice") -----------------------------------------------------------------------------

const invoiceModel = {
  JMSNumber: z.string(),
  ExtClientBranchId: z.string().nullable(),
  InvoiceNumber: z.string(),
  Amount: z.number(),
  CurrencyCode: z.string(),
  MatterReference: z.string(),
  IssueDate: z.string().describe('yyyy-MM-dd'),
  DueDate: z.string().nullable(),
  IsPaid: z.boolean(),
};
/** One invoice (spec §3 "Invoice"): the type of the legacy presenters (lib/legacy/invoices.ts). */
export const invoiceModelAnswer = z.object(invoiceModel);
export const invoiceLineItemAnswer = z.object({
  ExtStockId: z.string(),
  Description: z.string(),
  Quantity: z.number(),
  UnitPrice: z.number(),
  Amount: z.number(),
});
export const invoiceListAnswer = z.object({
  Invoices: list(z.object({ ...invoiceModel, PaymentUrl: z.string().nullable() })),
  TotalCount: z.number().int(),
  ItemsPerPage: z.number().int(),
});
export const invoiceSlipAnswer = z.object({
  InvoiceModel: z.object({ ...invoiceModel, ClientName: z.string(), AccountNumber: z.string() }),
  InvoiceLineItemModel: list(invoiceLineItemAnswer),
  LinesTotal: z.number(),
  SheetsOfPaperTotal: z.number(),
  PaymentUrl: z.string().nullable(),
});
export const issueDateFiltersAnswer = list(z.object({ Id: id, Text: z.string() }));

// ---- Users (spec §3 "User") -------------------------------------------------------------------------------------

export const userModelAnswer = z.object({
  UserId: id,
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  EmailId: z.string(),
  Phone: z.string(),
  UserName: z.string(),
  Role: id,
  RoleName: z.string(),
  TimeZoneId: z.string(),
  FailedLoginAttempt: z.number().int(),
  IsAccountLocked: z.boolean(),
  /** The spec's ResetPassword flag: the user must change the password at the next sign-in. */
  ResetPassword: z.boolean(),
  ClientId: id,
  CreatedDate: instant,
});
export const userListAnswer = z.object({
  Users: list(userModelAnswer),
  TotalCount: z.number().int(),
  ItemsPerPage: z.number().int(),
});
/** SaveUser: 0 failure, 1 success, 2 a recent password reused. */
export const saveUserAnswer = z.number().int().min(0).max(2);
/** GetPasswordExpiry: days left, or 'NA'. */
export const passwordExpiryAnswer = z.union([z.number().int(), z.literal('NA')]);
