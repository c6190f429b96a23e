// The hero (anchor home): the shop's headline, subtitle and two buttons, beside a card about the books.
import { Button, Card, Container, Flex, Heading, Text } from '@radix-ui/themes';
import type { CSSProperties } from 'react';
import { timings } from '#contracts/shared/constants.ts';
import { characters } from 'virtual:first-screen-content';

/** The hero's animation timings (shared with the rest of the shop), handed to the stylesheet. */
const animationTimings = {
  '--hero-rise': `${timings.heroAnimationS}s`,
  '--card-fade': `${timings.cardFadeS}s`,
  '--card-fade-delay': `${timings.cardFadeDelayS}s`,
} as CSSProperties;

export function Hero() {
  const [first, second] = characters;
  return (
    <section id="home" className="hero" aria-labelledby="hero-heading" style={animationTimings}>
      <Container size="4" px="4">
        <div className="hero__grid">
          <div className="hero__text">
            <Heading as="h1" id="hero-heading" className="hero__heading">
              Heartwarming Children's Stories
            </Heading>
            <Text as="p" className="hero__subtitle">
              Rooted in faith, love, and compassion — helping children explore values like kindness, unity, and courage.
            </Text>
            <Flex gap="3" wrap="wrap" mt="6">
              <Button asChild size="4">
                <a href="#books">Explore the Books</a>
              </Button>
              <Button asChild size="4" variant="outline">
                <a href="#about">Learn More</a>
              </Button>
            </Flex>
          </div>
          <Card size="4" className="hero__card">
            <Flex justify="center" gap="2" className="hero__characters" aria-hidden="true">
              {[first, second].map(
                (character) =>
                  character && (
                    <img
                      key={character.name}
                      src={character.image}
                      alt=""
                      width="140"
                      height="140"
                      fetchPriority="high"
                    />
                  ),
              )}
            </Flex>
            <Heading as="h2" size="6" align="center" mt="4">
              Faith-Inspired Stories for Young Readers
            </Heading>
            <Text as="p" size="3" align="center" color="gray" mt="2">
              Beautifully illustrated books that nurture character and values.
            </Text>
          </Card>
        </div>
      </Container>
    </section>
  );
}
