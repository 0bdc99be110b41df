namespace Hdl.Vhdl; public static class Placeholder {}
