// Star ratings, drawn one way everywhere: a read-only row (half stars included, for the testimonials) and the
// star buttons a shopper rates with.
import { rating as ratingLimits } from '#contracts/shared/constants.ts';
import { StarIcon } from './icons.tsx';
import './stars.css';

const positions = Array.from({ length: ratingLimits.max }, (_, i) => i + 1);

export function Stars({ rating }: { rating: number }) {
  const stars = positions.map((n) => {
    const filled = rating - (n - 1);
    return filled >= 1 ? 'full' : filled >= 0.5 ? 'half' : 'empty';
  });
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of ${ratingLimits.max}`}>
      {stars.map((fill, i) => (
        <span className="star" data-fill={fill} key={i}>
          <StarIcon className="star__empty" />
          {fill !== 'empty' && <StarIcon className="star__filled" />}
        </span>
      ))}
    </span>
  );
}

/** One button per star; each is a tab stop named for what it sets, and says whether it is the current choice. */
export function StarPicker({
  value,
  onChange,
  labelledBy,
}: {
  value: number;
  onChange: (rating: number) => void;
  labelledBy: string;
}) {
  return (
    <div className="star-picker" role="group" aria-labelledby={labelledBy}>
      {positions.map((n) => (
        <button
          key={n}
          type="button"
          className="star-picker__button"
          aria-label={`${n} star${n === 1 ? '' : 's'}`}
          aria-pressed={n === value}
          onClick={() => onChange(n)}
        >
          <StarIcon size={30} className={n <= value ? 'star__filled' : 'star__empty'} />
        </button>
      ))}
    </div>
  );
}
