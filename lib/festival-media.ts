/** The after movie on the video platform (a placeholder id until the real film is published). */
export const afterMovieVideoId = 'aetherfest2027';
