package dev.jdtrace.programs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Callbacks: untraced JDK code calling back into user code. {@code List.sort} with a user
 * {@link Comparator} class and with a lambda; {@code HashMap} and {@code HashSet} with a user key
 * class whose {@code hashCode} (derived from fields only) and {@code equals} the JDK calls,
 * including a hash collision; an enhanced {@code for} over a user {@link Iterable} whose
 * {@link Iterator} is user code; {@code toString} called by string concatenation and by
 * {@code String.valueOf}; and {@code Collections.max} with a comparator.
 */
public final class Callbacks {

    private Callbacks() {
    }

    /** Key with a field-based hash; (1, 2) and (2, 1) collide on purpose. */
    static final class Point {
        final int x;
        final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public int hashCode() {
            return x + y;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Point)) {
                return false;
            }
            Point p = (Point) o;
            return x == p.x && y == p.y;
        }

        @Override
        public String toString() {
            return "(" + x + "," + y + ")";
        }
    }

    /** Orders points by distance from the origin (Manhattan), then by x. */
    static final class ByDistance implements Comparator<Point> {
        @Override
        public int compare(Point a, Point b) {
            int da = Math.abs(a.x) + Math.abs(a.y);
            int db = Math.abs(b.x) + Math.abs(b.y);
            if (da != db) {
                return Integer.compare(da, db);
            }
            return Integer.compare(a.x, b.x);
        }
    }

    /** A user Iterable over the integers lo, lo+step, ... below hi. */
    static final class Range implements Iterable<Integer> {
        private final int lo;
        private final int hi;
        private final int step;

        Range(int lo, int hi, int step) {
            this.lo = lo;
            this.hi = hi;
            this.step = step;
        }

        @Override
        public Iterator<Integer> iterator() {
            return new Iterator<>() {
                private int next = lo;

                @Override
                public boolean hasNext() {
                    return next < hi;
                }

                @Override
                public Integer next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    int current = next;
                    next += step;
                    return current;
                }
            };
        }

        @Override
        public String toString() {
            return "Range[" + lo + ".." + hi + " by " + step + "]";
        }
    }

    public static void main(String[] args) {
        List<Point> points = new ArrayList<>(List.of(
                new Point(3, 1), new Point(-1, 0), new Point(2, 2), new Point(0, -3), new Point(1, 2), new Point(2, 1)));

        points.sort(new ByDistance());
        System.out.println("by distance: " + points);

        points.sort((a, b) -> a.y != b.y ? Integer.compare(b.y, a.y) : Integer.compare(a.x, b.x));
        System.out.println("by y desc: " + points);

        Map<Point, String> names = new HashMap<>();
        names.put(new Point(1, 2), "a");
        names.put(new Point(2, 1), "b");      // same bucket as (1,2)
        names.put(new Point(1, 2), "c");      // replaces "a" after equals
        System.out.println("map size=" + names.size() + " get(2,1)=" + names.get(new Point(2, 1))
                + " get(1,2)=" + names.get(new Point(1, 2)) + " get(0,3)=" + names.get(new Point(0, 3)));

        Set<Point> seen = new HashSet<>();
        int duplicates = 0;
        for (Point p : List.of(new Point(0, 1), new Point(1, 0), new Point(0, 1), new Point(5, 5))) {
            if (!seen.add(p)) {
                duplicates++;
            }
        }
        System.out.println("set size=" + seen.size() + " duplicates=" + duplicates
                + " contains(1,0)=" + seen.contains(new Point(1, 0)));

        Range range = new Range(2, 15, 3);
        int sum = 0;
        for (int v : range) {
            sum += v;
        }
        System.out.println(range + " sum=" + sum);           // toString via concatenation
        System.out.println(String.valueOf(new Point(7, 8))); // toString via String.valueOf

        Point farthest = Collections.max(points, new ByDistance());
        Point highestX = Collections.max(points, Comparator.comparingInt(p -> p.x));
        System.out.println("max distance=" + farthest + " max x=" + highestX);
    }
}
