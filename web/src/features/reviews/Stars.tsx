// Star ratings: a read-only row of stars, and the star buttons a shopper rates with.
import { rating as ratingLimits } from '../../../../contracts/constants.ts';
import './reviews.css';

const positions = Array.from({ length: ratingLimits.max }, (_, i) => i + 1);

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" className={filled ? 'review-star review-star--filled' : 'review-star'}>
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
    </svg>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={`Rated ${rating} out of ${ratingLimits.max}`}>
      {positions.map((n) => (
        <Star key={n} filled={n <= rating} />
      ))}
    </span>
  );
}

/** One button per star; each is a tab stop named for what it sets, and says whether it is the current choice. */
export function StarPicker({ value, onChange, labelledBy }: { value: number; onChange: (rating: number) => void; labelledBy: string }) {
  return (
    <div className="review-star-picker" role="group" aria-labelledby={labelledBy}>
      {positions.map((n) => (
        <button
          key={n}
          type="button"
          className="review-star-picker__button"
          aria-label={`${n} star${n === 1 ? '' : 's'}`}
          aria-pressed={n === value}
          onClick={() => onChange(n)}
        >
          <Star filled={n <= value} />
        </button>
      ))}
    </div>
  );
}
