package dev.jdtrace.programs.libs;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * JacksonDriver: an open world. Traced with jackson-core and this package, jackson-databind untraced:
 * databind calls {@code JsonGenerator} and {@code JsonParser} directly and the POJOs' constructors,
 * getters and setters by reflection. Writes N small orders with the streaming generator, binds them to
 * POJOs and back, and reads one into a tree. Usage: {@code JacksonDriver [N]} (default {@value #DEFAULT_SIZE}).
 */
public final class JacksonDriver {

    static final int DEFAULT_SIZE = 2;

    private JacksonDriver() {
    }

    /** A line item; bound by reflection through its getters and setters. */
    public static final class Line {
        private String sku;
        private int qty;

        public Line() {
        }

        Line(String sku, int qty) {
            this.sku = sku;
            this.qty = qty;
        }

        public String getSku() {
            return sku;
        }

        public void setSku(String sku) {
            this.sku = sku;
        }

        public int getQty() {
            return qty;
        }

        public void setQty(int qty) {
            this.qty = qty < 0 ? 0 : qty;
        }
    }

    /** An order with a list of lines. */
    public static final class Order {
        private int id;
        private List<Line> lines = new ArrayList<>();

        public int getId() {
            return id;
        }

        public void setId(int id) {
            this.id = id;
        }

        public List<Line> getLines() {
            return lines;
        }

        public void setLines(List<Line> lines) {
            this.lines = lines;
        }

        int total() {
            int sum = 0;
            for (Line l : lines) {
                sum += l.getQty();
            }
            return sum;
        }
    }

    static String stream(JsonFactory factory, int id) throws Exception {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = factory.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("id", id);
            g.writeArrayFieldStart("lines");
            for (int i = 0; i <= id % 2; i++) {
                g.writeStartObject();
                g.writeStringField("sku", "s" + i);
                g.writeNumberField("qty", i + id);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_SIZE;
        ObjectMapper mapper = new ObjectMapper();
        for (int id = 0; id < n; id++) {
            String json = stream(mapper.getFactory(), id);
            Order order = mapper.readValue(json, Order.class);
            order.getLines().add(new Line("extra", 1));
            String back = mapper.writeValueAsString(order);
            System.out.println(order.total() + " " + back);
        }
        JsonNode tree = mapper.readTree("{\"a\":[1,2,{\"b\":true}]}");
        System.out.println(tree.get("a").size());
    }
}
