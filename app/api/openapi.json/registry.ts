/**
 * Every app/api route module, by its OpenAPI path ({name} for a [name] or [...name] segment). Registering a route
 * in the OpenAPI document (/api/openapi.json) is this one line: the document reads each exported method's
 * contract (apiRoute/publicRoute options: roles, params, body, response) from the module itself.
 * lib/openapi/document.test.ts fails when a route file is missing here, or a method has no contract. The document's
 * own route (/api/openapi.json) is added by lib/openapi/document.ts from the contract it shares with that route.
 */
export const API_ROUTE_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  '/api/Authentication/AuthenticateUser': () => import('@/app/api/Authentication/AuthenticateUser/route'),
  '/api/Authentication/CaptchaVerify': () => import('@/app/api/Authentication/CaptchaVerify/route'),
  '/api/Authentication/GetUserByEmailId': () => import('@/app/api/Authentication/GetUserByEmailId/route'),
  '/api/Authentication/GetUserDetailsByUsername': () =>
    import('@/app/api/Authentication/GetUserDetailsByUsername/route'),
  '/api/Authentication/ResendOTP': () => import('@/app/api/Authentication/ResendOTP/route'),
  '/api/Authentication/Session': () => import('@/app/api/Authentication/Session/route'),
  '/api/Authentication/SignIn': () => import('@/app/api/Authentication/SignIn/route'),
  '/api/Authentication/SignOut': () => import('@/app/api/Authentication/SignOut/route'),
  '/api/Authentication/TwoFactorInit': () => import('@/app/api/Authentication/TwoFactorInit/route'),
  '/api/Authentication/TwoFactorInitResponse': () => import('@/app/api/Authentication/TwoFactorInitResponse/route'),
  '/api/Authentication/UpdateLoginAttempt/{n}': () => import('@/app/api/Authentication/UpdateLoginAttempt/[n]/route'),
  '/api/Authentication/Validate/{token}/Role/{role}': () =>
    import('@/app/api/Authentication/Validate/[token]/Role/[role]/route'),
  '/api/Authentication/VerifyCurrentPassword': () => import('@/app/api/Authentication/VerifyCurrentPassword/route'),
  '/api/Authentication/VerifyUserCurrentPassword': () =>
    import('@/app/api/Authentication/VerifyUserCurrentPassword/route'),
  '/api/Authentication/resetPassword': () => import('@/app/api/Authentication/resetPassword/route'),
  '/api/Branch/GetAppealBookLocation': () => import('@/app/api/Branch/GetAppealBookLocation/route'),
  '/api/Branch/GetCopyCourtLocation': () => import('@/app/api/Branch/GetCopyCourtLocation/route'),
  '/api/CommentHistory/CommentHistoryDetail/{id}': () =>
    import('@/app/api/CommentHistory/CommentHistoryDetail/[id]/route'),
  '/api/ContextualHelp/GetContextualHelpList': () => import('@/app/api/ContextualHelp/GetContextualHelpList/route'),
  '/api/Country/GetBranches': () => import('@/app/api/Country/GetBranches/route'),
  '/api/Country/GetCountries': () => import('@/app/api/Country/GetCountries/route'),
  '/api/Country/GetCountriesForLoginPage': () => import('@/app/api/Country/GetCountriesForLoginPage/route'),
  '/api/Document/Clone/{targetJob}/{sourceJob}/{type}': () =>
    import('@/app/api/Document/Clone/[targetJob]/[sourceJob]/[type]/route'),
  '/api/Document/Download/{id}': () => import('@/app/api/Document/Download/[id]/route'),
  '/api/Document/DirectUpload': () => import('@/app/api/Document/DirectUpload/route'),
  '/api/Document/DirectUpload/{id}/Complete': () => import('@/app/api/Document/DirectUpload/[id]/Complete/route'),
  '/api/Document/UploadJob/{type}': () => import('@/app/api/Document/UploadJob/[type]/route'),
  '/api/Document/{id}': () => import('@/app/api/Document/[id]/route'),
  '/api/Email/SendException': () => import('@/app/api/Email/SendException/route'),
  '/api/Email/SendInsufficientRightsEmail': () => import('@/app/api/Email/SendInsufficientRightsEmail/route'),
  '/api/Exception/Add': () => import('@/app/api/Exception/Add/route'),
  '/api/Invoice/ExportCSVInvoices': () => import('@/app/api/Invoice/ExportCSVInvoices/route'),
  '/api/Invoice/InvoiceList/CurrentPage/{page}/PageSize/{size}': () =>
    import('@/app/api/Invoice/InvoiceList/CurrentPage/[page]/PageSize/[size]/route'),
  '/api/Invoice/InvoiceNumber/{number}/{clientdate}': () =>
    import('@/app/api/Invoice/InvoiceNumber/[number]/[clientdate]/route'),
  '/api/Invoice/Pdf/{number}': () => import('@/app/api/Invoice/Pdf/[number]/route'),
  '/api/Invoice/CreditNote/{number}': () => import('@/app/api/Invoice/CreditNote/[number]/route'),
  '/api/Invoice/Statement/{format}': () => import('@/app/api/Invoice/Statement/[format]/route'),
  '/api/Invoice/IssueDateFilters': () => import('@/app/api/Invoice/IssueDateFilters/route'),
  '/api/Invoice/JMSNumber/{n}': () => import('@/app/api/Invoice/JMSNumber/[n]/route'),
  '/api/Job/Add': () => import('@/app/api/Job/Add/route'),
  '/api/Job/CheckClientMatterReference/{reference}': () =>
    import('@/app/api/Job/CheckClientMatterReference/[reference]/route'),
  '/api/Job/ClientBranchAddress/{clientId}': () => import('@/app/api/Job/ClientBranchAddress/[clientId]/route'),
  '/api/Job/ClientCostEstimateExists/{costEstimate}/{clientId}': () =>
    import('@/app/api/Job/ClientCostEstimateExists/[costEstimate]/[clientId]/route'),
  '/api/Job/ClientMatterReference/{clientId}': () => import('@/app/api/Job/ClientMatterReference/[clientId]/route'),
  '/api/Job/Courts/JobType/{type}/JobLocation/{loc}': () =>
    import('@/app/api/Job/Courts/JobType/[type]/JobLocation/[loc]/route'),
  '/api/Job/ExportCSVJobs': () => import('@/app/api/Job/ExportCSVJobs/route'),
  '/api/Job/JobFeedBack': () => import('@/app/api/Job/JobFeedBack/route'),
  '/api/Job/JobFeedback/{id}': () => import('@/app/api/Job/JobFeedback/[id]/route'),
  '/api/Job/JobSlip/{id}': () => import('@/app/api/Job/JobSlip/[id]/route'),
  '/api/Job/JobsList/CurrentPage/{page}/PageSize/{size}': () =>
    import('@/app/api/Job/JobsList/CurrentPage/[page]/PageSize/[size]/route'),
  '/api/Job/OrderTypes': () => import('@/app/api/Job/OrderTypes/route'),
  '/api/Job/ProcessingCity/{clientId}': () => import('@/app/api/Job/ProcessingCity/[clientId]/route'),
  '/api/Job/SendNotification/{id}': () => import('@/app/api/Job/SendNotification/[id]/route'),
  '/api/Job/TimeCreatedFilters': () => import('@/app/api/Job/TimeCreatedFilters/route'),
  '/api/Job/TimeDeliveredFilters': () => import('@/app/api/Job/TimeDeliveredFilters/route'),
  '/api/Job/TimeDueFilters': () => import('@/app/api/Job/TimeDueFilters/route'),
  '/api/Job/{id}': () => import('@/app/api/Job/[id]/route'),
  '/api/Log/Add': () => import('@/app/api/Log/Add/route'),
  '/api/Matter/Search': () => import('@/app/api/Matter/Search/route'),
  '/api/Notice/DisableNotice/{id}': () => import('@/app/api/Notice/DisableNotice/[id]/route'),
  '/api/Notice/GetNotice': () => import('@/app/api/Notice/GetNotice/route'),
  '/api/Notification/Events': () => import('@/app/api/Notification/Events/route'),
  '/api/Notification/List': () => import('@/app/api/Notification/List/route'),
  '/api/Notification/MarkRead': () => import('@/app/api/Notification/MarkRead/route'),
  '/api/Ops/Invoices/Receivables': () => import('@/app/api/Ops/Invoices/Receivables/route'),
  '/api/Ops/Invoices/Statement/{format}': () => import('@/app/api/Ops/Invoices/Statement/[format]/route'),
  '/api/Ops/Jobs/Export': () => import('@/app/api/Ops/Jobs/Export/route'),
  '/api/Ops/Jobs/{id}/Deliverables': () => import('@/app/api/Ops/Jobs/[id]/Deliverables/route'),
  '/api/Ops/Jobs/{id}/Deliverables/{documentId}': () =>
    import('@/app/api/Ops/Jobs/[id]/Deliverables/[documentId]/route'),
  '/api/Ops/Jobs/{id}/MessageFiles': () => import('@/app/api/Ops/Jobs/[id]/MessageFiles/route'),
  '/api/Ops/Jobs/{id}/MessageFiles/{documentId}': () =>
    import('@/app/api/Ops/Jobs/[id]/MessageFiles/[documentId]/route'),
  '/api/Ops/Jobs/{id}/MessageFiles/Direct': () => import('@/app/api/Ops/Jobs/[id]/MessageFiles/Direct/route'),
  '/api/Ops/Jobs/{id}/MessageFiles/Direct/{uploadId}/Complete': () =>
    import('@/app/api/Ops/Jobs/[id]/MessageFiles/Direct/[uploadId]/Complete/route'),
  '/api/ResetPassword/CheckPasswordExpiryLink': () => import('@/app/api/ResetPassword/CheckPasswordExpiryLink/route'),
  '/api/ResetPassword/ResetPassword': () => import('@/app/api/ResetPassword/ResetPassword/route'),
  '/api/ResetPassword/SendResetPasswordEmail': () => import('@/app/api/ResetPassword/SendResetPasswordEmail/route'),
  '/api/SelectedCourt/Court/{court}/JobLocation/{loc}': () =>
    import('@/app/api/SelectedCourt/Court/[court]/JobLocation/[loc]/route'),
  '/api/Settings/GetApplicationBuildDetails': () => import('@/app/api/Settings/GetApplicationBuildDetails/route'),
  '/api/Settings/SendTestEmail': () => import('@/app/api/Settings/SendTestEmail/route'),
  '/api/Settings/TimeZone': () => import('@/app/api/Settings/TimeZone/route'),
  '/api/Settings/Unsubscribe': () => import('@/app/api/Settings/Unsubscribe/route'),
  '/api/Settings/User/Update': () => import('@/app/api/Settings/User/Update/route'),
  '/api/Settings/UserAlerts': () => import('@/app/api/Settings/UserAlerts/route'),
  '/api/SingleSignOnAuthentication/LogClientError/{message}': () =>
    import('@/app/api/SingleSignOnAuthentication/LogClientError/[message]/route'),
  '/api/SingleSignOnAuthentication/Validate': () => import('@/app/api/SingleSignOnAuthentication/Validate/route'),
  '/api/SupplierLogo': () => import('@/app/api/SupplierLogo/route'),
  '/api/User/CheckUserEmail': () => import('@/app/api/User/CheckUserEmail/route'),
  '/api/User/CheckUserName': () => import('@/app/api/User/CheckUserName/route'),
  '/api/User/Deactivate': () => import('@/app/api/User/Deactivate/route'),
  '/api/User/DisableTour': () => import('@/app/api/User/DisableTour/route'),
  '/api/User/ExportCSVActivity': () => import('@/app/api/User/ExportCSVActivity/route'),
  '/api/User/ExportCSVUsers': () => import('@/app/api/User/ExportCSVUsers/route'),
  '/api/User/GetPasswordExpiry/UserId/{id}': () => import('@/app/api/User/GetPasswordExpiry/UserId/[id]/route'),
  '/api/User/GetUserPreference': () => import('@/app/api/User/GetUserPreference/route'),
  '/api/User/GetUserTimeZoneDateTime': () => import('@/app/api/User/GetUserTimeZoneDateTime/route'),
  '/api/User/SaveUser': () => import('@/app/api/User/SaveUser/route'),
  '/api/User/SaveUserPreference': () => import('@/app/api/User/SaveUserPreference/route'),
  '/api/User/User/{id}': () => import('@/app/api/User/User/[id]/route'),
  '/api/User/UserList/CurrentPage/{page}/PageSize/{size}': () =>
    import('@/app/api/User/UserList/CurrentPage/[page]/PageSize/[size]/route'),
  '/api/auth/{nextauth}': () => import('@/app/api/auth/[...nextauth]/route'),
  '/api/health': () => import('@/app/api/health/route'),
  '/api/ready': () => import('@/app/api/ready/route'),
  '/api/csp-report': () => import('@/app/api/csp-report/route'),
  '/api/cron/backup': () => import('@/app/api/cron/backup/route'),
  '/api/cron/run': () => import('@/app/api/cron/run/route'),
};
