// The shop's social links: Instagram real, Facebook and Twitter placeholders, all from the content file.
import { shopContent } from '#contracts/catalog/content.ts';
import { FacebookIcon, InstagramIcon, TwitterIcon } from './icons.tsx';
import './socialLinks.css';

const links = [
  { label: 'Instagram', href: shopContent.shop.instagramUrl, Icon: InstagramIcon },
  { label: 'Facebook', href: shopContent.shop.facebookUrl, Icon: FacebookIcon },
  { label: 'Twitter', href: shopContent.shop.twitterUrl, Icon: TwitterIcon },
];

const isExternal = (href: string) => /^https?:\/\//.test(href);

export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={`social-links ${className ?? ''}`}>
      {links.map(({ label, href, Icon }) => (
        <li key={label}>
          <a href={href} {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            <Icon size={20} />
            <span>{label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
