import type { RateLimiter } from './auth/rate-limiter';
import type { Store } from './context';
import type { DownloadSlots } from './files/download-slots';
import type { Capacity } from './jobs/submit-job';
import type { UploadLimits } from './files/uploads';

/** What routes get from the running service: the store, job capacity and a way to wake the workers. */
export interface ServiceDeps {
  store: Store;
  capacity: Capacity;
  notifyJobs: () => void;
  limiter: RateLimiter;
  clock: () => number;
  /** Let model_url, image_url and animation_url reach loopback and private networks (off: public only). */
  allowPrivateUrls?: boolean;
  /** True while the built-in CC0 packs are being installed (lists may be empty or partial then). */
  libraryInstalling?: () => boolean;
  /** Concurrent URL downloads per account and overall (beyond: 503). */
  downloads: DownloadSlots;
  /** POST /v1/uploads: largest file and how long it stays. */
  uploads?: UploadLimits;
}
