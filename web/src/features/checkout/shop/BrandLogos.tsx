// The card brands the shop accepts, drawn locally.
import { Flex } from '@radix-ui/themes';
import amex from './logos/amex.svg';
import applePay from './logos/apple-pay.svg';
import mastercard from './logos/mastercard.svg';
import visa from './logos/visa.svg';

const brands = [
  { src: visa, name: 'Visa' },
  { src: mastercard, name: 'Mastercard' },
  { src: amex, name: 'American Express' },
  { src: applePay, name: 'Apple Pay' },
];

export function BrandLogos() {
  return (
    <Flex gap="2" wrap="wrap" role="list" aria-label="Accepted payment methods">
      {brands.map((brand) => (
        <span key={brand.name} role="listitem">
          <img src={brand.src} alt={brand.name} width={48} height={32} style={{ display: 'block' }} />
        </span>
      ))}
    </Flex>
  );
}
