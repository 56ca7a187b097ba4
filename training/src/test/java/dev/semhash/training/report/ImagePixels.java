package dev.semhash.training.report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;

/** Counts pixels of one exact colour, so that chart tests can tell which series were drawn. */
public final class ImagePixels {
  private ImagePixels() {}

  private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  /**
   * Reads a PNG that must be {@code width} × {@code height} pixels.
   *
   * @throws AssertionError if the file is not a PNG or has another size
   */
  public static BufferedImage readPng(Path png, int width, int height) throws IOException {
    byte[] head = Arrays.copyOf(Files.readAllBytes(png), PNG_SIGNATURE.length);
    if (Arrays.equals(PNG_SIGNATURE, head) == false) {
      throw new AssertionError(png + " does not start with the PNG signature: " + Arrays.toString(head));
    }
    BufferedImage image = ImageIO.read(png.toFile());
    if (image.getWidth() != width || image.getHeight() != height) {
      throw new AssertionError(png + " is " + image.getWidth() + " x " + image.getHeight()
          + " pixels, expected " + width + " x " + height);
    }
    return image;
  }

  /** Pixels of {@code image} whose colour is exactly {@code rgb} (0xRRGGBB), alpha ignored. */
  public static int count(BufferedImage image, int rgb) {
    int n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xffffff) == rgb) {
          n++;
        }
      }
    }
    return n;
  }
}
