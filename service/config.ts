// Configuration is environment variables only, validated at start; a bad value names its variable and stops.
import * as v from 'valibot';
import { isPasswordHash } from './admin/password.ts';
import { parseRateLimits } from './http/limitRules.ts';
import { holdDefaults, holdMinutesRange } from '../contracts/stock/model.ts';
import { imageUploadLimits } from '../contracts/catalog/images.ts';

const optionalString = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));
const flag = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((value) => value === 'true' || value === '1'),
);
const wholeNumber = (min: number, max: number, what: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, `must be a whole number of ${what}`),
    v.transform(Number),
    v.minValue(min, `must be at least ${min} ${what}`),
    v.maxValue(max, `must be at most ${max} ${what}`),
  );
const port = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}$/, 'must be a port number'),
  v.transform(Number),
  v.maxValue(65535, 'must be a port number'),
);

/** An API address the stripe SDK can be pointed at: its host, port and protocol options take no path. */
const stripeApiBase = v.pipe(
  v.string(),
  v.trim(),
  v.url('must be a URL such as http://127.0.0.1:12111'),
  v.check((value) => {
    if (!URL.canParse(value)) return true; // the url check above has said so
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password
    );
  }, 'must be http:// or https:// with a host and an optional port, and no path, such as http://127.0.0.1:12111'),
);

export const ConfigSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: v.optional(port, '3000'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  /** the address shoppers reach the shop at, for payment return URLs and e-mails; required in production */
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://shop.example'))),
  DATA_DIR: v.optional(v.string(), './data'),
  EVENTSTORE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, 'must be an esdb:// connection string')),
  ),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\//, 'must be a redis:// URL'))),
  /** without REDIS_URL: 'sqlite' keeps the read models in DATA_DIR/readmodels.sqlite across restarts; 'memory' folds them again at every start */
  READ_STORE: v.optional(v.picklist(['sqlite', 'memory']), 'sqlite'),
  /** 'inline' runs the projection runner inside the service; 'external' expects `npm run projections` */
  PROJECTIONS: v.optional(v.picklist(['inline', 'external']), 'inline'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** how many proxies in front of the shop may be believed about the client's address (X-Forwarded-For); 0 = none */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(\d{1,2}|true|false)$/, 'must be a number of proxy hops (0 = none)'),
      v.transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
    ),
    '0',
  ),
  /** a demo shop in production may take sandbox payments (every page then says test mode) */
  ALLOW_TEST_PAYMENTS: v.optional(flag, 'false'),
  /** overrides of the per-address limits, such as reviews=5/600,checkouts=20/600 (points per seconds) */
  RATE_LIMITS: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        try {
          return parseRateLimits(dataset.value);
        } catch (error) {
          addIssue({ message: (error as Error).message });
          return NEVER;
        }
      }),
    ),
    '',
  ),
  /** how long a checkout's payment page stays open and its copies held (decision 061); Stripe takes 30 minutes to 24 hours */
  STOCK_HOLD_MINUTES: v.optional(
    wholeNumber(holdMinutesRange.min, holdMinutesRange.max, 'minutes'),
    String(holdDefaults.minutes),
  ),
  /** copies of one product that checkouts from one address may hold at once; past it a checkout starts without a hold */
  STOCK_HOLD_PER_ADDRESS: v.optional(wholeNumber(0, 100_000, 'copies'), String(holdDefaults.copiesPerAddress)),
  /** unpaid checkouts from one address that may hold a use of one discount code at once; past it 429 (decision 092) */
  CODE_HOLDS_PER_ADDRESS: v.optional(wholeNumber(1, 1_000, 'checkouts'), '1'),
  /** copies of one product that all checkouts together may hold at once */
  STOCK_HOLD_PER_PRODUCT: v.optional(wholeNumber(0, 100_000, 'copies'), String(holdDefaults.copiesPerProduct)),
  BODY_LIMIT_KB: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number)), '64'),
  /** the largest image an owner may upload, in kilobytes (decision 078) */
  IMAGE_UPLOAD_MAX_KB: v.optional(wholeNumber(1, 65_536, 'kilobytes'), String(imageUploadLimits.maxBytes / 1024)),
  /** the most pixels (width × height, in millions) an uploaded image may have: a small file may decode to a huge one */
  IMAGE_UPLOAD_MAX_MEGAPIXELS: v.optional(
    wholeNumber(1, 250, 'megapixels'),
    String(imageUploadLimits.maxPixels / 1_000_000),
  ),
  ADMIN_USERNAME: v.optional(v.pipe(v.string(), v.minLength(1)), 'admin'),
  ADMIN_PASSWORD_HASH: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(isPasswordHash, 'must be a scrypt hash from: npm run admin -- set-password --print-hash'),
    ),
  ),
  ADMIN_PASSWORD: optionalString,
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  /** the master key that wraps every customer's data key: 32 random bytes, base64 (openssl rand -base64 32) */
  /** where the owner's Backup button writes its backups (a new folder each), default DATA_DIR with -backups added */
  BACKUP_DIR: optionalString,
  /** when set, backups are encrypted with it for off-site storage (scrypt and AES-256-GCM), and restore opens them with it */
  BACKUP_PASSPHRASE: v.optional(v.pipe(v.string(), v.minLength(12, 'must be at least 12 characters'))),
  DATA_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => Buffer.from(s, 'base64').length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(s),
        'must be 32 bytes in base64, e.g. from: openssl rand -base64 32',
      ),
    ),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** a Stripe-compatible API for tests and development, such as stripe-mock at http://127.0.0.1:12111; refused in production */
  STRIPE_API_BASE: v.optional(stripeApiBase),
  SMTP_URL: optionalString,
  /** How many months after a customer's last order their data is kept (then the retention job erases them); unset: kept until erased by hand. */
  RETENTION_MONTHS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'must be a whole number of months'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1 month'),
    ),
  ),
  /** how far (in events) the read models may be behind the log's head while /readyz still answers ready */
  READY_MAX_LAG: v.optional(wholeNumber(0, 1_000_000, 'events'), '100'),
  /** the bearer token a scraper off this machine sends for /metrics (from this machine it is open) */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.trim(), v.minLength(32, 'must be at least 32 characters'))),
  MAIL_FROM: v.optional(v.string(), 'Amanah House <orders@amanahhouse.co.uk>'),
  OWNER_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
});

export type Config = v.InferOutput<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(ConfigSchema.entries)
      .filter((k) => env[k] !== undefined && env[k] !== '')
      .map((k) => [k, env[k]]),
  );
  const result = v.safeParse(ConfigSchema, picked);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'config'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = result.output;
  if (config.NODE_ENV === 'production') {
    const missing = [
      !config.ADMIN_PASSWORD_HASH && 'ADMIN_PASSWORD_HASH',
      !config.JWT_SECRET && 'JWT_SECRET',
      !config.DATA_KEY && 'DATA_KEY',
      // Every absolute address the shop writes (the payment page's return addresses) comes from it, never from the
      // Host a request names, which anyone can set.
      !config.PUBLIC_URL && 'PUBLIC_URL',
    ].filter(Boolean);
    if (missing.length) throw new ConfigError(`Invalid configuration: production needs ${missing.join(' and ')}`);
    if (config.ADMIN_PASSWORD)
      throw new ConfigError('Invalid configuration: ADMIN_PASSWORD is refused in production; set ADMIN_PASSWORD_HASH');
    // Payments in production go to Stripe's own API, never to an address a setting could turn elsewhere.
    if (config.STRIPE_API_BASE)
      throw new ConfigError(
        "Invalid configuration: STRIPE_API_BASE is refused in production; the shop talks to Stripe's own API there",
      );
    // Sandbox payments place real orders from test cards: a production shop takes them only when told it is a demo.
    if (!config.STRIPE_SECRET_KEY && !config.ALLOW_TEST_PAYMENTS) {
      throw new ConfigError(
        'Invalid configuration: production needs STRIPE_SECRET_KEY to take payments; set ALLOW_TEST_PAYMENTS=true only for a demo shop that takes test cards',
      );
    }
    if (config.STRIPE_SECRET_KEY) {
      const problems = stripeProblems(
        config.STRIPE_SECRET_KEY,
        config.STRIPE_PUBLISHABLE_KEY,
        config.STRIPE_WEBHOOK_SECRET,
      );
      if (problems.length) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
    }
  }
  return config;
}

/** Stripe's key shapes: a secret or restricted key and a publishable key of one mode, and an endpoint's signing secret. */
const stripeKeyShapes = {
  secret: /^(sk|rk)_(live|test)_[A-Za-z0-9]+$/,
  publishable: /^pk_(live|test)_[A-Za-z0-9]+$/,
  webhook: /^whsec_[A-Za-z0-9+/=]+$/,
};

/**
 * What a production shop taking payments through Stripe lacks. Without the publishable key the card page has no Stripe
 * field; without the webhook secret every delivery is refused, so a buyer who closes the tab after paying gets no order
 * and no refund, dispute or payout is recorded. Keys of two modes never see the same payments.
 */
export function stripeProblems(
  secretKey: string,
  publishableKey: string | undefined,
  webhookSecret: string | undefined,
): string[] {
  const missing = [!publishableKey && 'STRIPE_PUBLISHABLE_KEY', !webhookSecret && 'STRIPE_WEBHOOK_SECRET'].filter(
    Boolean,
  );
  const problems = missing.length ? [`production with STRIPE_SECRET_KEY needs ${missing.join(' and ')}`] : [];
  const secret = stripeKeyShapes.secret.exec(secretKey);
  if (!secret)
    problems.push(
      'STRIPE_SECRET_KEY must be a secret key (sk_live_…, sk_test_…) or a restricted key (rk_live_…, rk_test_…)',
    );
  const publishable = publishableKey ? stripeKeyShapes.publishable.exec(publishableKey) : null;
  if (publishableKey && !publishable)
    problems.push('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_live_… or pk_test_…)');
  if (webhookSecret && !stripeKeyShapes.webhook.test(webhookSecret))
    problems.push("STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)");
  if (secret && publishable && secret[2] !== publishable[1])
    problems.push(
      `STRIPE_PUBLISHABLE_KEY is a ${publishable[1]} key but STRIPE_SECRET_KEY is a ${secret[2]} key: both must come from the same mode (sk_live_ with pk_live_, sk_test_ with pk_test_)`,
    );
  return problems;
}

/** For the entry points: the configuration, or its problem in one line on stderr and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
