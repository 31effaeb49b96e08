import { describe, expect, it } from 'vitest';
import { videoEmbedUrlOf } from './video-embed';

describe('videoEmbedUrlOf', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=30s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
  ])('%s → %s', (input, expected) => {
    expect(videoEmbedUrlOf(input)).toBe(expected);
  });

  it.each([
    'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/@canal',
    'https://vimeo.com/channels/staffpicks',
    'https://example.com/video.mp4',
    'https://evil.example/www.youtube.com/watch?v=dQw4w9WgXcQ',
    'not a url',
  ])('rejects %s', (input) => {
    expect(videoEmbedUrlOf(input)).toBeUndefined();
  });
});
