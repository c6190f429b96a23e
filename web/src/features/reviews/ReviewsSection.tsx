export function ReviewsSection() {
  return (
    <section id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">What Families Are Saying</h2>
    </section>
  );
}
