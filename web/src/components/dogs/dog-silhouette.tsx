/** A sitting dog in profile, drawn in `currentColor`: the picture of a dog without photos. Decoration only. */
export function DogSilhouette({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className} fill="currentColor">
      <path d="M22 9c-2.5 0-4.6 1.6-5.4 4l-1.2 3.6-5.7 2.6C7.7 20 6.7 21.5 6.8 23.1c.1 2 1.7 3.5 3.7 3.6l6.6.2c1.6 3 2.1 6.5 1.4 9.9L16.5 45c-.9 4.2-.3 8.6 1.7 12.4.5.9 1.4 1.6 2.5 1.6H25c1.1 0 2-.9 2-2s-.9-2-2-2h-1.3l.6-4.3h9.5l-.5 4.3H32c-1.1 0-2 .9-2 2s.9 2 2 2h4.7c1 0 1.8-.6 2.1-1.5l1.7-5.7c.5 2.6 1.3 4.9 2.3 7 .4.7 1.1 1.2 1.9 1.2H51c1.1 0 2-.9 2-2s-.9-2-2-2h-1.2c.6-3 .8-6 .5-9l2.3-1.9c3.4-2.9 5.4-7.1 5.4-11.6V25c0-1.1-.9-2-2-2s-2 .9-2 2v2.5c0 2.8-1.1 5.4-3 7.3-2.6-4.1-7-6.8-12-7.3l-7.5-.8-1-4.7 2.3-2.5c.8-.8 1.1-2 .9-3.1l-.8-4.4C32.5 10 30.6 9 28.6 9.8l-2.9 1.2C24.9 9.8 23.5 9 22 9z" />
    </svg>
  );
}
