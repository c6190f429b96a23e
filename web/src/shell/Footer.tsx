// The site footer: tagline, links, social links, the Instagram QR image and the copyright year.
import { Container, Grid, Heading, Separator, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { shopContent } from '#contracts/catalog/content.ts';
import { instagramQrImage, logoImage } from '../features/catalog/shop/art.ts';
import { footerLinks, useSectionHref } from './sectionLinks.ts';
import { SocialLinks } from '../components/socialLinks.tsx';
import './footer.css';
import { PolicyLinks } from '../components/PolicyLinks.tsx';

export function Footer() {
  const href = useSectionHref();
  const { name, instagramUrl } = shopContent.shop;
  return (
    <footer className="site-footer">
      <Container size="4" px="4" py="8">
        <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="6">
          <div>
            <a href={href('home')} className="brand brand--footer">
              <img src={logoImage} alt="" width="40" height="40" loading="lazy" />
              <span className="brand__name">{name}</span>
            </a>
            <Text as="p" size="2" mt="3" className="site-footer__tagline">
              Heartwarming children's stories rooted in faith, love, and compassion.
            </Text>
          </div>
          <nav aria-labelledby="footer-links-heading">
            <Heading as="h2" size="3" id="footer-links-heading" mb="3">
              Quick Links
            </Heading>
            <ul className="footer-links">
              {footerLinks.map((link) => (
                <li key={link.anchor}>
                  <a href={href(link.anchor)}>{link.label}</a>
                </li>
              ))}
              <li>
                <Link to="/order">Find your order</Link>
              </li>
            </ul>
          </nav>
          <div>
            <Heading as="h2" size="3" mb="3">
              Follow Us
            </Heading>
            <SocialLinks className="social-links--footer" />
          </div>
          <div>
            <Heading as="h2" size="3" mb="3">
              Scan to Follow
            </Heading>
            <a href={instagramUrl} target="_blank" rel="noopener noreferrer" className="instagram-qr">
              <img
                src={instagramQrImage}
                alt={`QR code for ${name} on Instagram`}
                width="120"
                height="120"
                loading="lazy"
              />
            </a>
          </div>
        </Grid>
        <Separator size="4" my="6" className="site-footer__rule" />
        <PolicyLinks className="site-footer__policies" />
        <Text as="p" size="2" align="center" className="site-footer__copyright">
          © {new Date().getFullYear()} {name}. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
