// About (anchor about): the author's verse and story, and a way to get in touch.
import { Button, Container, Heading, Text } from '@radix-ui/themes';
import { shopContent } from '#contracts/catalog/content.ts';

export function AboutSection() {
  const { heading, verse, verseAuthor, paragraphs } = shopContent.about;
  return (
    <section id="about" className="section section--about" aria-labelledby="about-heading">
      <Container size="4" px="4">
        <div className="about__grid">
          <div>
            <Heading as="h2" id="about-heading" size={{ initial: '7', md: '8' }}>
              {heading}
            </Heading>
            {paragraphs.map((paragraph) => (
              <Text as="p" size="3" mt="4" key={paragraph.slice(0, 24)}>
                {paragraph}
              </Text>
            ))}
            <Button asChild size="3" variant="soft" mt="5">
              <a href="#contact">Get in Touch</a>
            </Button>
          </div>
          <figure className="verse">
            <blockquote>
              {verse.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </blockquote>
            <figcaption>— {verseAuthor}</figcaption>
          </figure>
        </div>
      </Container>
    </section>
  );
}
