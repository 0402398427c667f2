// The spec's constants, each once, with its unit in the name (spec 000 §9, 001 §9, 002 §9).

// Load view (spec 000 §4.2)
export const LOAD_VIEW_SLOW_MS = 5_000;
export const LOAD_VIEW_ERROR_AFTER_SLOW_MS = 15_000;

// Authentication (spec 000 §4.1, §9)
export const AGENT_TOKEN_WAIT_MS = 15_000;
export const PASSWORD_RESET_LOOKUP_TIMEOUT_MS = 15_000;
export const USER_DATA_LONG_LOAD_MS = 5_000;
export const LAST_SIGN_IN_INTERVAL_MS = 60 * 60 * 1_000;
// The most sensitive self-service steps (the full SSN, an email change) need a sign-in this recent (the ID token's
// auth_time); older sessions re-enter their password first. Not in the spec: the security review's step-up.
export const RECENT_SIGN_IN_MAX_AGE_MS = 5 * 60 * 1_000;
// Files kept in the browser for an upload that could not finish (offline) hold ID documents and tax returns: they
// are forgotten after this long even if the session lasts (spec 001 §4 upload with offline pause; the review's
// "offline upload bytes" finding).
export const UPLOAD_STASH_MAX_AGE_MS = 24 * 60 * 60 * 1_000;
export const CLAIMS_RETRY_ATTEMPTS = 5;
export const CLAIMS_RETRY_DELAY_MS = 1_000;

// Error reporting (spec 000 §9)
export const ERROR_REPORT_BATCH_MAX = 10;
export const ERROR_REPORT_FIRST_FLUSH_DELAY_MS = 1_000;
export const ERROR_REPORT_FLUSH_DELAY_GROWTH = 1.5;

// Queries and toasts (spec 000 §9)
export const QUERY_STALE_MS = 2 * 60 * 1_000;
export const QUERY_CACHE_MS = 5 * 60 * 1_000;
export const QUERY_MAX_RETRIES = 3;
// The connected institutions read (spec 001 §9): kept longer, and a failure is not retried.
export const INSTITUTIONS_QUERY_STALE_MS = 600_000;
export const INSTITUTIONS_QUERY_CACHE_MS = 1_200_000;
export const TOAST_DEFAULT_MS = 8_000;
export const SSO_ERROR_TOAST_MS = 10_000;
export const BADGE_MAX_COUNT = 9;

// Validation limits (spec 000 §5, §9)
export const EMAIL_MIN_LENGTH = 4;
export const EMAIL_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 8;
export const ADDRESS_FIELD_MAX_LENGTH = 255;
export const SUPPORT_DESCRIPTION_MIN_LENGTH = 4;
export const SUPPORT_DESCRIPTION_MAX_LENGTH = 500;
export const BIRTHDATE_MIN_AGE_YEARS = 12;
export const BIRTHDATE_MAX_AGE_YEARS = 120;

// Layout (spec 000 §2.4, §9)
export const BREAKPOINTS_PX = { xs: 600, sm: 900, md: 1440, lg: 1536 } as const;
export const HEADER_HEIGHT_PX = 72;
export const HEADER_HEIGHT_WITH_BROKER_BANNER_PX = 102;
export const DEBTS_TABLE_BREAKPOINT_PX = 875;
/** spec 001 §9: the dispute wizard is full screen under 1000 px wide. */
export const DISPUTE_WIZARD_FULL_SCREEN_PX = 1000;

// Remote config (spec 000 §6)
export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 10_000;

// Maintenance (spec 001 §4, §9)
export const MAINTENANCE_RECHECK_MS = 10_000;

// Contract polling (spec 001 §4, §9)
export const CONTRACT_POLL_ATTEMPTS = 15;
export const CONTRACT_POLL_INTERVAL_MS = 1_000;
/** Failed contract polls in a row before the customer is asked to try again (a failed poll is not an empty one). */
export const CONTRACT_POLL_ERROR_RETRIES = 3;
// The home hub waits for the first readiness score that intake completion generates (spec 002 §4): asked again
// every 3 s for a minute, then the customer may have it calculated.
export const READINESS_SCORE_POLL_MS = 3_000;
export const READINESS_SCORE_MAX_POLLS = 20;

// Credit report (spec 001 §5, §9)
export const REPORT_REFRESH_AFTER_PULL_DAYS = 30;
export const REPORT_ORDER_THROTTLE_MS = 15_000;
export const PRINT_DELAY_MS = 1_000;
export const PRINT_CLEANUP_MS = 100;

// Documents (spec 001 §5, §9)
export const UPLOAD_MAX_BYTES = 20_000_000;
export const UPLOAD_TOO_LARGE_TOAST_MS = 5_000;
export const EMPTY_CATEGORY_TOAST_MS = 2_000;

// Payments (spec 001 §8, §9)
export const DUPLICATE_LOCKOUT_MS = 120_000;

// Page timings (spec 001 §9): a repeated toast's highlight resets after 3000 ms; layouts follow a window resize 250 ms
// after it ends; a counter counts to its value in 333 ms; other animations (bars and rings filling, sections opening)
// take 0.5 s. Animations are skipped for people who ask for reduced motion.
export const TOAST_HIGHLIGHT_RESET_MS = 3_000;
export const RESIZE_DEBOUNCE_MS = 250;
export const COUNTER_ANIMATION_MS = 333;
export const ANIMATION_MS = 500;

// A page the browser translated (spec 001 §8): the page error catcher remounts it at most this many times in a row;
// a page that then runs this long without failing starts the count again (the spec gives neither number).
export const TRANSLATED_PAGE_REMOUNT_LIMIT = 3;
export const TRANSLATED_PAGE_STEADY_MS = 10_000;

// Intake and onboarding (spec 002 §9)
export const QUICK_SIGN_UP_LINK_TTL_MS = 259_200_000;
export const INTAKE_COMPLETION_WAIT_MS = 10_000;
export const INTAKE_STUCK_CHECK_MS = 15_000;
// The Disputes step's wait for the initial credit report before it offers Try again (the spec gives none; the
// server starts a pull lost for 2 minutes again when asked).
export const INTAKE_REPORT_WAIT_MS = 150_000;
// The credit pages' wait for the first report asks getInitialReport again this often while the pull is under way
// (the spec gives none): the ask runs the server's watchdog, which starts a pull lost for 2 minutes again.
export const INITIAL_REPORT_RECHECK_MS = 30_000;
export const INTAKE_RESUME_DIALOG_DELAY_MS = 1_000;
// spec 002 §5: amounts above a maximum show 'provide a valid number'; the spec does not give the value.
export const INTAKE_AMOUNT_MAX_USD = 100_000_000;
export const ACTIONS_ACTIVE_LIMIT = 3;
// The home hub (spec 002 §4, §9; spec 001 §4): earlier completions listed, ids per markActionsViewed call, the
// quarterly check-in call due 90 days after its last completion, the 50 loading messages rotating every 2-6 s once a
// wait has lasted a moment.
export const ACTIONS_HISTORY_LIMIT = 20;
export const ACTIONS_VIEWED_PER_CALL_MAX = 50;
export const CHECK_IN_CALL_INTERVAL_MS = 7_776_000_000;
export const LOADING_MESSAGE_COUNT = 50;
export const LOADING_MESSAGE_MIN_MS = 2_000;
export const LOADING_MESSAGE_MAX_MS = 6_000;
export const LOADING_MESSAGES_AFTER_MS = 2_000;
export const READINESS_SCORE_HISTORY_LIMIT = 36;

// Functions (spec 000 §9)
export const FUNCTIONS_REGION = 'us-west4';
