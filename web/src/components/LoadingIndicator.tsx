// The shop's branded loading indicator: an open book whose pages turn, in three sizes, with an
// optional caption. One cycle lasts 1.5 s.
import { timings } from '#contracts/shared/constants.ts';
import './loading.css';

export type LoadingSize = 'sm' | 'md' | 'lg';

export function LoadingIndicator({ size = 'md', caption }: { size?: LoadingSize; caption?: string }) {
  return (
    <div
      role="status"
      className={`loading loading--${size}`}
      style={{ ['--loading-cycle' as string]: `${timings.loadingCycleS}s` }}
    >
      <span className="loading__book" aria-hidden="true">
        <svg viewBox="0 0 64 40" width="100%" height="100%">
          <path d="M32 36Q20 30 4 32V6Q20 4 32 10Z" fill="#2f8f89" />
          <path d="M32 36Q44 30 60 32V6Q44 4 32 10Z" fill="#2f8f89" />
          <path className="loading__page" d="M32 33Q22 28 8 29V9Q22 8 32 13Z" fill="#fffdf8" />
          <path d="M32 33Q42 28 56 29V9Q42 8 32 13Z" fill="#fffdf8" />
          <path className="loading__turning" d="M32 33Q42 28 56 29V9Q42 8 32 13Z" fill="#f2b33d" />
        </svg>
      </span>
      <span className="loading__dots" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      {caption ? <p className="loading__caption">{caption}</p> : <span className="visually-hidden">Loading</span>}
    </div>
  );
}
