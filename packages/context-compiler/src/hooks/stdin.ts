// A hook's whole stdin as text. Its own module, with no imports, so that a hook's first process reads its
// input without loading anything else.
export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return text;
}
