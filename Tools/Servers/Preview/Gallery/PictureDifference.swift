import Foundation

/// How two pictures of one state differ, pixel by pixel, as the browser decodes them.
public struct PictureDifference: Sendable, Equatable {
    /// Pixels whose colour differs in any channel.
    public let changedPixels: Int
    /// Pixels compared: the larger picture's area (a pixel only one picture has counts as changed).
    public let pixels: Int
    /// The newer picture with each changed pixel in red over a faded copy, as a PNG.
    public let highlight: Data

    /// The changed pixels' share of all, from 0 to 100.
    public var changedPercent: Double { pixels == 0 ? 0 : Double(changedPixels) * 100 / Double(pixels) }
}

extension Chromium {
    /// Compares two PNGs in the page's canvas (lossless, so equal pictures compare equal to the pixel).
    func difference(_ before: Data, _ after: Data) async throws(GalleryError) -> PictureDifference {
        struct Compared: Decodable {
            let changed: Int
            let pixels: Int
            let highlight: String
        }
        let compared: Compared = try await runAsync(
            Self.comparison, [before.base64EncodedString(), after.base64EncodedString()])
        let prefix = "data:image/png;base64,"
        guard compared.highlight.hasPrefix(prefix),
            let highlight = Data(base64Encoded: String(compared.highlight.dropFirst(prefix.count)))
        else { throw GalleryError(description: "the browser gave no picture of the difference") }
        return PictureDifference(changedPixels: compared.changed, pixels: compared.pixels, highlight: highlight)
    }

    /// The script: both pictures drawn into canvases, their pixels compared, the difference drawn.
    private static let comparison = """
        const done = arguments[arguments.length - 1];
        const load = (base64) => new Promise((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = () => reject(new Error('a picture did not decode'));
          image.src = 'data:image/png;base64,' + base64;
        });
        Promise.all([load(arguments[0]), load(arguments[1])]).then(([before, after]) => {
          const width = Math.max(before.width, after.width), height = Math.max(before.height, after.height);
          const pixels = (image) => {
            const canvas = document.createElement('canvas');
            canvas.width = width; canvas.height = height;
            const context = canvas.getContext('2d');
            context.drawImage(image, 0, 0);
            return context.getImageData(0, 0, width, height).data;
          };
          const a = pixels(before), b = pixels(after);
          const canvas = document.createElement('canvas');
          canvas.width = width; canvas.height = height;
          const context = canvas.getContext('2d');
          context.globalAlpha = 0.25;
          context.drawImage(after, 0, 0);
          context.globalAlpha = 1;
          const faded = context.getImageData(0, 0, width, height);
          let changed = 0;
          for (let i = 0; i < a.length; i += 4) {
            const inBoth = (i / 4) % width < Math.min(before.width, after.width) && Math.floor(i / 4 / width) < Math.min(before.height, after.height);
            if (!inBoth || a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) {
              changed += 1;
              faded.data[i] = 230; faded.data[i + 1] = 0; faded.data[i + 2] = 0; faded.data[i + 3] = 255;
            }
          }
          context.putImageData(faded, 0, 0);
          done({ changed: changed, pixels: width * height, highlight: canvas.toDataURL('image/png') });
        }, (error) => done({ changed: -1, pixels: 0, highlight: String(error) }));
        """
}
